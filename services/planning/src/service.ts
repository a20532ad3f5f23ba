/** Composition root of planning: every route, RPC, subscription and job is listed here. */
import path from 'node:path';
import {
  createGrpcClient,
  loadGrpcService,
  openRuntime,
  serve,
  type Config,
  type GrpcClient,
  type RunningService,
  type RuntimeOptions,
} from '@tracklens/kit';
import { PlanningRepository } from './db/planning.repository';
import { TrackingPlanJob } from './domain/generation-job';
import { Planning } from './domain/planning';
import type { PlanGenerator } from './domain/ports';
import { TrackingPlanWorker } from './events/tracking-plan-requested.worker';
import { modelGenerator } from './generation/model.generator';
import { offlineGenerator } from './generation/offline.generator';
import { analysisSource } from './grpc/analysis.client';
import { quotaGate } from './grpc/billing.client';
import { productDirectory } from './grpc/catalog.client';
import { registerPlanningRoutes } from './http/planning.routes';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'> & {
  /** The generator to use instead of the configured one (tests slow it down to stop a service mid-job). */
  generator?: PlanGenerator;
};

export async function createPlanningService(options: ServiceOptions): Promise<RunningService> {
  const { generator: generatorOverride, ...runtimeOptions } = options;
  const runtime = await openRuntime({ ...runtimeOptions, name: 'planning', migrationsFolder });
  const { config, db, logger, bus, relay } = runtime;

  const catalog = grpcClient(config, 'catalog/v1/catalog.proto', 'catalog.v1.CatalogService', config.services.catalog.grpcUrl);
  const billing = grpcClient(config, 'billing/v1/billing.proto', 'billing.v1.BillingService', config.services.billing.grpcUrl);
  const analysis = grpcClient(config, 'analysis/v1/analysis.proto', 'analysis.v1.AnalysisService', config.services.analysis.grpcUrl);
  const clients = [catalog, billing, analysis];

  const store = new PlanningRepository(db);
  const quota = quotaGate(billing);
  const eventsStored = () => relay.poke();
  const generator = generatorOverride ?? configuredGenerator(config);
  if (generator.kind === 'offline' && config.isProduction) {
    logger.warn('OPENAI_API_KEY is not set: tracking plans come from the built-in offline generator');
  }
  const planning = new Planning({ store, products: productDirectory(catalog), quota, eventsStored });
  const worker = new TrackingPlanWorker({
    bus,
    logger,
    maxDeliveries: config.busMaxDeliveries,
    // JetStream keeps an unacknowledged event across restarts; the in-process bus loses it with the process.
    resumeOnStart: bus.kind === 'in-process',
    job: new TrackingPlanJob({ store, analyses: analysisSource(analysis), quota, generator, logger, eventsStored }),
  });

  const running = await serve(runtime, {
    routes: (app) => registerPlanningRoutes(app, { planning, jwtSecret: config.jwtSecret }),
    grpc: [],
    subscriptions: [],
    onStop: async () => {
      await worker.stop();
      for (const client of clients) client.close();
    },
  });
  try {
    await worker.start();
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}

function configuredGenerator(config: Config): PlanGenerator {
  const { apiKey, baseUrl, model } = config.openai;
  return apiKey ? modelGenerator({ apiKey, baseUrl, model }) : offlineGenerator;
}

function grpcClient(config: Config, file: string, service: string, address: string): GrpcClient {
  return createGrpcClient(loadGrpcService(config.protoDir, file, service), address, { deadlineMs: config.grpcDeadlineMs });
}
