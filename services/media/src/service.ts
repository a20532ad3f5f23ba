/** Composition root of media: every route, RPC, subscription and job is listed here. */
import path from 'node:path';
import {
  openObjectStorage,
  openRuntime,
  periodicJob,
  serve,
  type Database,
  type RunningService,
  type RuntimeOptions,
} from '@tracklens/kit';
import { subjects } from '@tracklens/contracts';
import { billingClient, catalogClient } from '@tracklens/contracts/clients';
import { productDirectory, videoQuota } from './clients';
import { MediaRepository } from './db/media.repository';
import type { Clock } from './domain/ports';
import { localUploadTargets, uploadTokenKey } from './domain/upload-token';
import { Uploads } from './domain/uploads';
import { Videos } from './domain/videos';
import { onVideoAnalysisStatusChanged } from './events/on-video-analysis-status-changed.handler';
import { mediaGrpc } from './grpc/media.grpc';
import { UPLOAD_ROUTE, registerMediaRoutes } from './http/media.routes';
import { createFfprobe } from './probe/ffprobe';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'> & {
  /** The time upload expiry and the orphan sweep go by (tests move it forward). */
  clock?: Clock;
};

export async function createMediaService(options: ServiceOptions): Promise<RunningService> {
  const { clock = () => new Date(), ...runtimeOptions } = options;
  // Before the runtime: production refuses local storage before anything is opened.
  const tokenKey = uploadTokenKey(options.config.jwtSecret);
  const storage = openObjectStorage(options.config, { localUploadTargets: localUploadTargets(tokenKey, UPLOAD_ROUTE) });
  const runtime = await openRuntime({ ...runtimeOptions, name: 'media', migrationsFolder });
  const { config, db, logger } = runtime;
  const catalog = catalogClient(config);
  const billing = billingClient(config);
  const products = productDirectory(catalog);
  const quota = videoQuota(billing);
  const repository = new MediaRepository(db);
  const videosIn = (database: Database) =>
    new Videos({ store: new MediaRepository(database), storage, products, logger });
  const videos = videosIn(db);
  const uploads = new Uploads({
    store: repository,
    storage,
    products,
    quota,
    prober: createFfprobe(),
    clock,
    logger,
    settings: { maxBytes: config.uploads.maxBytes, urlTtlSeconds: config.uploads.urlTtlSeconds, tokenKey },
  });
  const onVideoStatus = onVideoAnalysisStatusChanged({ videosIn, logger });

  return serve(runtime, {
    routes: (app) => registerMediaRoutes(app, { uploads, videos, storage, jwtSecret: config.jwtSecret, logger }),
    grpc: [mediaGrpc(config.protoDir, videos)],
    subscriptions: [
      { subject: subjects.videoAnalysisAll, name: 'on-video-analysis-status', handler: onVideoStatus },
      { subject: subjects.pageSpecsReady, name: 'on-page-specs-ready', handler: onVideoStatus },
    ],
    jobs: [periodicJob('sweep-orphan-uploads', config.uploads.sweepIntervalMs, () => uploads.sweepOrphans())],
    requestTimeoutMs: config.uploads.requestTimeoutMs,
    onStop: async () => {
      catalog.close();
      billing.close();
    },
  });
}
