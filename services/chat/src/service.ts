/** Composition root of chat: every route, RPC, subscription and job is listed here. */
import path from 'node:path';
import {
  createModelClient,
  openRuntime,
  serve,
  type Config,
  type Logger,
  type RunningService,
  type RuntimeOptions,
} from '@tracklens/kit';
import { analysisClient, billingClient, catalogClient, planningClient } from '@tracklens/contracts/clients';
import { ChatRepository } from './db/chat.repository';
import { Chat } from './domain/chat';
import type { Strategist } from './domain/strategist';
import { StrategyJob } from './domain/strategy-job';
import { groundingSource, productDirectory, quotaGate } from './clients';
import { registerChatRoutes } from './http/chat.routes';
import { generateAnalyticsStrategyJob } from './jobs/generate-analytics-strategy.job';
import { modelStrategist } from './strategy/model-strategist';
import { offlineStrategist } from './strategy/offline-strategist';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'> & {
  /** The strategist to use instead of the configured one (tests hold it to stop a service mid-job). */
  strategist?: Strategist;
};

export async function createChatService(options: ServiceOptions): Promise<RunningService> {
  const { strategist: strategistOverride, ...runtimeOptions } = options;
  const runtime = await openRuntime({ ...runtimeOptions, name: 'chat', migrationsFolder });
  const { config, db, logger, poke } = runtime;

  const catalog = catalogClient(config);
  const billing = billingClient(config);
  const analysis = analysisClient(config);
  const planning = planningClient(config);
  const clients = [catalog, billing, analysis, planning];

  const store = new ChatRepository(db);
  const products = productDirectory(catalog);
  const quota = quotaGate(billing);
  const strategist = strategistOverride ?? configuredStrategist(config, logger);
  if (strategist.kind === 'offline' && config.isProduction) {
    logger.warn('OPENAI_API_KEY is not set: analytics strategies come from the built-in offline strategist');
  }
  const chat = new Chat({ store, products, quota, eventsStored: poke });
  const strategyJob = new StrategyJob({
    store,
    products,
    grounding: groundingSource(analysis, planning),
    quota,
    strategist,
    logger,
    eventsStored: poke,
  });

  return serve(runtime, {
    routes: (app) =>
      registerChatRoutes(app, {
        chat,
        jwtSecret: config.jwtSecret,
        chatConfig: { founderCallUrl: config.founderCall.url, founderName: config.founderCall.name },
      }),
    grpc: [],
    subscriptions: [],
    jobs: [generateAnalyticsStrategyJob(strategyJob, db)],
    onStop: async () => {
      for (const client of clients) client.close();
    },
  });
}

function configuredStrategist(config: Config, logger: Logger): Strategist {
  const { apiKey, baseUrl, model } = config.openai;
  return apiKey ? modelStrategist(createModelClient({ apiKey, baseUrl, model, logger })) : offlineStrategist;
}
