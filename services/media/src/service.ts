/** Composition root of media: every route, RPC and subscription is listed here. */
import path from 'node:path';
import { openRuntime, serve, type RunningService, type RuntimeOptions } from '@tracklens/kit';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'>;

export async function createMediaService(options: ServiceOptions): Promise<RunningService> {
  const runtime = await openRuntime({ ...options, name: 'media', migrationsFolder });
  return serve(runtime, {
    routes: () => undefined,
    grpc: [],
    subscriptions: [],
  });
}
