/** Composition root of analysis: every route, RPC, subscription and job is listed here. */
import os from 'node:os';
import path from 'node:path';
import { createModelClient, openObjectStorage, openRuntime, serve, type Database, type RunningService, type RuntimeOptions } from '@tracklens/kit';
import { subjects } from '@tracklens/contracts';
import { mediaClient } from '@tracklens/contracts/clients';
import { videoDirectory } from './clients';
import { PageSpecRepository } from './db/page-spec.repository';
import { RunRepository } from './db/run.repository';
import { PageSpecs } from './domain/page-specs';
import { VideoAnalysis } from './domain/video-analysis';
import { onVideoDeleted } from './events/on-video-deleted.handler';
import { onVideoUploaded } from './events/on-video-uploaded.handler';
import { analysisGrpc } from './grpc/analysis.grpc';
import { registerAnalysisRoutes } from './http/analysis.routes';
import { analyseVideoJob } from './jobs/analyse-video.job';
import { keepDescription, modelDescriptionWriter } from './model/description-writers';
import { analyzeVideo, createOcrUnderstander } from './pipeline';
import { createOpenAiUnderstander } from './pipeline/openai-understander';
import { UnderstanderPool } from './pipeline/understander-pool';
import { objectScreenshots, objectVideoFiles } from './storage/object-files';
import { sweepWorkRoot, workRootScratch } from './storage/work-root';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

/** The offline reader's OCR workers (~100 MB each) stay warm this long after a video for the next one. */
const OCR_IDLE_MS = 10 * 60_000;

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'>;

export async function createAnalysisService(options: ServiceOptions): Promise<RunningService> {
  const runtime = await openRuntime({ ...options, name: 'analysis', migrationsFolder });
  const { config, db, logger, poke } = runtime;
  const storage = openObjectStorage(config);
  const screenshots = objectScreenshots(storage);
  const { openai } = config;
  if (!openai.apiKey) logger.warn('OPENAI_API_KEY is not set: the built-in offline analyzer (OCR) understands the videos');
  const model = openai.apiKey ? createModelClient({ apiKey: openai.apiKey, baseUrl: openai.baseUrl, model: openai.model, logger }) : undefined;

  const openAiUnderstander = model && createOpenAiUnderstander({ client: model, maxFrames: config.analysis.maxModelFrames });
  const workRoot = path.join(os.tmpdir(), 'tracklens-analysis');
  await sweepWorkRoot(workRoot);
  const runsIn = (database: Database) => new RunRepository(database, poke);
  const videoAnalysis = new VideoAnalysis({
    runs: runsIn(db),
    videos: objectVideoFiles(storage),
    screenshots,
    scratch: workRootScratch(workRoot),
    analyze: analyzeVideo,
    logger,
  });
  const understanders = new UnderstanderPool(() => openAiUnderstander || createOcrUnderstander({ idleMs: OCR_IDLE_MS }));
  const media = mediaClient(config);
  const videos = videoDirectory(media);
  const pageSpecsIn = (database: Database) =>
    new PageSpecs({
      store: new PageSpecRepository(database, poke),
      runs: runsIn(database),
      videos,
      describer: model ? modelDescriptionWriter(model) : keepDescription,
      screenshots,
      logger,
    });
  const pageSpecs = pageSpecsIn(db);

  return serve(runtime, {
    routes: (app) => registerAnalysisRoutes(app, { pageSpecs, jwtSecret: config.jwtSecret }),
    grpc: [analysisGrpc(config.protoDir, pageSpecs)],
    subscriptions: [
      {
        subject: subjects.videoUploaded,
        name: 'on-video-uploaded',
        handler: onVideoUploaded({ runsIn, logger }),
      },
      { subject: subjects.videoDeleted, name: 'on-video-deleted', handler: onVideoDeleted({ pageSpecsIn, logger }) },
    ],
    jobs: [analyseVideoJob({ analysis: videoAnalysis, runsIn, understanders, concurrency: config.analysis.concurrency })],
    onStop: async () => {
      await understanders.close();
      media.close();
    },
  });
}
