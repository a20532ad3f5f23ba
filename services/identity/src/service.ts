/** Composition root of identity: every route, RPC, subscription and job is listed here. */
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { openRuntime, periodicJob, serve, type RunningService, type RuntimeOptions } from '@tracklens/kit';
import { IdentityRepository } from './db/identity.repository';
import { Identity, type PasswordHasher } from './domain/identity';
import { onBillingChanged } from './events/on-billing-changed.handler';
import { identityGrpc } from './grpc/identity.grpc';
import { registerIdentityRoutes } from './http/identity.routes';

export const migrationsFolder = path.join(__dirname, '..', 'drizzle');

/** argon2id (the library's default algorithm) with OWASP's second recommended setting (19 MiB, 2 iterations). */
const argon2id: PasswordHasher = {
  hash: (password) => hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 }),
  verify: (digest, password) => verify(digest, password).catch(() => false),
};

/** Ended sessions and old login failures are removed this often. */
const PRUNE_EVERY_MS = 10 * 60_000;

export type ServiceOptions = Omit<RuntimeOptions, 'name' | 'migrationsFolder'>;

export async function createIdentityService(options: ServiceOptions): Promise<RunningService> {
  const runtime = await openRuntime({ ...options, name: 'identity', migrationsFolder });
  const { config, db, logger } = runtime;
  const repository = new IdentityRepository(db);
  const identity = new Identity(repository, argon2id, argon2id.hash(`decoy-${Math.random()}`), config.sessionCheckCacheMs);

  return serve(runtime, {
    routes: (app) =>
      registerIdentityRoutes(app, {
        identity,
        jwtSecret: config.jwtSecret,
        secureCookies: config.appEnv !== 'development' && config.appEnv !== 'test',
      }),
    grpc: [identityGrpc(config.protoDir, identity)],
    subscriptions: onBillingChanged(logger, identity),
    afterClear: () => identity.forgetAll(),
    jobs: [periodicJob('prune-sessions-and-login-failures', PRUNE_EVERY_MS, () => repository.prune())],
  });
}
