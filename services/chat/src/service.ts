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
import { AnswerJob } from './domain/answer-job';
import type { FlowBuilder } from './domain/flow-builder';
import { groundingSource, productDirectory, quotaGate } from './clients';
import { registerChatRoutes } from './http/chat.routes';
import { answerChatQuestionJob } from './jobs/answer-chat-question.job';
import { modelFlowBuilder } from './flow/model-flow-builder';
import { offlineFlowBuilder } from './flow/offline-flow-builder';
import { modelStrategist } from './strategy/model-strategist';
import { offlineStrategist } from './strategy/offline-strategist';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'> & {
  /** The strategist and flow builder to use instead of the configured ones (tests hold them to stop a service mid-job). */
  strategist?: Strategist;
  flowBuilder?: FlowBuilder;
};

interface Answerers {
  strategist: Strategist;
  flowBuilder: FlowBuilder;
}

export async function createChatService(options: ServiceOptions): Promise<RunningService> {
  const { strategist: strategistOverride, flowBuilder: flowBuilderOverride, ...runtimeOptions } = options;
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
  const configured = configuredAnswerers(config, logger);
  const strategist = strategistOverride ?? configured.strategist;
  if (configured.strategist.kind === 'offline' && config.isProduction) {
    logger.warn(
      'OPENAI_API_KEY is not set: strategies and user flows come from the built-in offline strategist and flow builder',
    );
  }
  const chat = new Chat({ store, products, quota, logger, eventsStored: poke });
  const answerJob = new AnswerJob({
    store,
    products,
    grounding: groundingSource(analysis, planning),
    quota,
    strategist,
    flowBuilder: flowBuilderOverride ?? configured.flowBuilder,
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
    jobs: [answerChatQuestionJob(answerJob, db)],
    onStop: async () => {
      for (const client of clients) client.close();
    },
  });
}

function configuredAnswerers(config: Config, logger: Logger): Answerers {
  const { apiKey, baseUrl, model } = config.openai;
  if (!apiKey) return { strategist: offlineStrategist, flowBuilder: offlineFlowBuilder };
  const client = createModelClient({ apiKey, baseUrl, model, logger });
  return { strategist: modelStrategist(client), flowBuilder: modelFlowBuilder(client) };
}
