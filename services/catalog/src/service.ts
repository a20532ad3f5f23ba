/** Composition root of catalog: every route, RPC and subscription is listed here. */
import path from 'node:path';
import { openRuntime, serve, type Database, type RunningService, type RuntimeOptions } from '@tracklens/kit';
import { subjects } from '@tracklens/contracts';
import { CatalogRepository } from './db/catalog.repository';
import { Catalog } from './domain/catalog';
import { SavedItems } from './domain/saved-items';
import { onVideoDeleted, onVideoUploaded } from './events/on-media-video.handler';
import { onVideoAnalysisStatusChanged } from './events/on-video-analysis-status-changed.handler';
import { catalogGrpc } from './grpc/catalog.grpc';
import { registerCatalogRoutes } from './http/catalog.routes';
import { registerSavedItemRoutes } from './http/saved-items.routes';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'>;

export async function createCatalogService(options: ServiceOptions): Promise<RunningService> {
  const runtime = await openRuntime({ ...options, name: 'catalog', migrationsFolder });
  const { config, db, logger } = runtime;
  const catalogIn = (database: Database) => new Catalog(new CatalogRepository(database));
  const catalog = catalogIn(db);
  const savedItems = new SavedItems(new CatalogRepository(db));
  const onVideoStatus = onVideoAnalysisStatusChanged({ catalogIn, logger });

  return serve(runtime, {
    routes: (app) => {
      registerCatalogRoutes(app, { catalog, jwtSecret: config.jwtSecret });
      registerSavedItemRoutes(app, { savedItems, jwtSecret: config.jwtSecret });
    },
    grpc: [catalogGrpc(config.protoDir, catalog)],
    subscriptions: [
      { subject: subjects.videoAnalysisAll, name: 'on-video-analysis-status', handler: onVideoStatus },
      { subject: subjects.pageSpecsReady, name: 'on-page-specs-ready', handler: onVideoStatus },
      {
        subject: subjects.videoUploaded,
        name: 'on-video-uploaded',
        handler: onVideoUploaded({ catalogIn, logger }),
      },
      {
        subject: subjects.videoDeleted,
        name: 'on-video-deleted',
        handler: onVideoDeleted({ catalogIn, logger }),
      },
    ],
  });
}
