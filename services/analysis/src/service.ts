/** Composition root of analysis: every route, RPC, subscription and the analysis worker are listed here. */
import os from 'node:os';
import path from 'node:path';
import { openObjectStorage, openRuntime, serve, type Database, type RunningService, type RuntimeOptions } from '@tracklens/kit';
import { subjects } from '@tracklens/contracts';
import { PageSpecRepository } from './db/page-spec.repository';
import { RunRepository } from './db/run.repository';
import { AnalysisWorker, type AnalysisWorkerOptions } from './domain/analysis-worker';
import { PageSpecs } from './domain/page-specs';
import { onVideoDeleted } from './events/on-video-deleted.handler';
import { onVideoUploaded } from './events/on-video-uploaded.handler';
import { analysisGrpc } from './grpc/analysis.grpc';
import { registerAnalysisRoutes } from './http/analysis.routes';
import { keepDescription, modelDescriptionWriter } from './model/description-writers';
import { analyzeVideo, createOcrUnderstander } from './pipeline';
import { createOpenAiUnderstander } from './pipeline/openai-understander';
import { objectScreenshots, objectVideoFiles } from './storage/object-files';
import { sweepWorkRoot } from './storage/work-root';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

/** The offline reader's OCR workers (~100 MB each) stay warm this long after a video for the next one. */
const OCR_IDLE_MS = 10 * 60_000;

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'> & {
  /** Lease and polling of the worker (tests shorten them). */
  worker?: Pick<AnalysisWorkerOptions, 'leaseMs' | 'heartbeatMs' | 'pollMs' | 'retryDelayMs'>;
};

export async function createAnalysisService(options: ServiceOptions): Promise<RunningService> {
  const { worker: workerTuning, ...runtimeOptions } = options;
  const runtime = await openRuntime({ ...runtimeOptions, name: 'analysis', migrationsFolder });
  const { config, db, logger, relay } = runtime;
  const eventsStored = () => relay.poke();
  const storage = openObjectStorage(config);
  const screenshots = objectScreenshots(storage);
  const { openai } = config;
  if (!openai.apiKey) logger.warn('OPENAI_API_KEY is not set: the built-in offline analyzer (OCR) understands the videos');
  const model = openai.apiKey ? { apiKey: openai.apiKey, baseUrl: openai.baseUrl, model: openai.model, logger } : undefined;

  const openAiUnderstander = model && createOpenAiUnderstander({ ...model, maxFrames: config.analysis.maxModelFrames });
  const workRoot = path.join(os.tmpdir(), 'tracklens-analysis');
  await sweepWorkRoot(workRoot);
  const worker = new AnalysisWorker({
    runs: new RunRepository(db, eventsStored),
    videos: objectVideoFiles(storage),
    screenshots,
    analyze: analyzeVideo,
    understander: () => openAiUnderstander || createOcrUnderstander({ idleMs: OCR_IDLE_MS }),
    logger,
    concurrency: config.analysis.concurrency,
    workRoot,
    ...workerTuning,
  });
  const pageSpecsIn = (database: Database) =>
    new PageSpecs({
      store: new PageSpecRepository(database, eventsStored),
      describer: model ? modelDescriptionWriter(model) : keepDescription,
      screenshots,
      logger,
      queued: () => worker.poke(),
    });
  const pageSpecs = pageSpecsIn(db);

  const running = await serve(runtime, {
    routes: (app) => registerAnalysisRoutes(app, { pageSpecs, jwtSecret: config.jwtSecret }),
    grpc: [analysisGrpc(config.protoDir, pageSpecs)],
    subscriptions: [
      {
        subject: subjects.videoUploaded,
        name: 'on-video-uploaded',
        handler: onVideoUploaded({ runsIn: (tx) => new RunRepository(tx, eventsStored), logger }),
      },
      { subject: subjects.videoDeleted, name: 'on-video-deleted', handler: onVideoDeleted({ pageSpecsIn, logger }) },
    ],
    onStop: () => worker.stop(),
  });
  worker.start();
  return running;
}
