/** Composition root of planning: every route, RPC, subscription and job is listed here. */
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
import { analysisClient, billingClient, catalogClient } from '@tracklens/contracts/clients';
import { PlanningRepository } from './db/planning.repository';
import { TrackingPlanJob } from './domain/generation-job';
import { Planning } from './domain/planning';
import type { PlanGenerator } from './domain/ports';
import { modelGenerator } from './generation/model.generator';
import { offlineGenerator } from './generation/offline.generator';
import { analysisSource, quotaGate } from './clients';
import { planningGrpc } from './grpc/planning.grpc';
import { registerPlanningRoutes } from './http/planning.routes';
import { generateTrackingPlanJob } from './jobs/generate-tracking-plan.job';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'> & {
  /** The generator to use instead of the configured one (tests slow it down to stop a service mid-job). */
  generator?: PlanGenerator;
};

export async function createPlanningService(options: ServiceOptions): Promise<RunningService> {
  const { generator: generatorOverride, ...runtimeOptions } = options;
  const runtime = await openRuntime({ ...runtimeOptions, name: 'planning', migrationsFolder });
  const { config, db, logger, poke } = runtime;

  const catalog = catalogClient(config);
  const billing = billingClient(config);
  const analysis = analysisClient(config);
  const clients = [catalog, billing, analysis];

  const store = new PlanningRepository(db);
  const quota = quotaGate(billing);
  const generator = generatorOverride ?? configuredGenerator(config, logger);
  if (generator.kind === 'offline' && config.isProduction) {
    logger.warn('OPENAI_API_KEY is not set: tracking plans come from the built-in offline generator');
  }
  const planning = new Planning({ store, products: catalog, quota, logger, eventsStored: poke });
  const trackingPlanJob = new TrackingPlanJob({ store, analyses: analysisSource(analysis), products: catalog, quota, generator, logger, eventsStored: poke });

  return serve(runtime, {
    routes: (app) => registerPlanningRoutes(app, { planning, jwtSecret: config.jwtSecret }),
    grpc: [planningGrpc(config.protoDir, planning)],
    subscriptions: [],
    jobs: [generateTrackingPlanJob(trackingPlanJob)],
    onStop: async () => {
      for (const client of clients) client.close();
    },
  });
}

function configuredGenerator(config: Config, logger: Logger): PlanGenerator {
  const { apiKey, baseUrl, model } = config.openai;
  return apiKey ? modelGenerator(createModelClient({ apiKey, baseUrl, model, logger })) : offlineGenerator;
}
