/** Opens what every service needs (db, bus, relay, jobs, metrics) and runs its HTTP, gRPC, subscriptions and jobs with a clean stop. */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, pgliteDataDir, serviceDatabaseUrl, type Database, type DatabaseHandle } from './db';
import type { ServiceName } from './env';
import type { EventBus, Subscription } from './events';
import { loadGrpcService, startGrpcServer, type GrpcServiceBinding, type RunningGrpcServer } from './grpc';
import { registerHealthRoutes } from './health';
import { createHttpApp, finishHttpApp } from './http';
import { InProcessBus } from './in-process-bus';
import { createLogger } from './logger';
import { createMetrics, type ServiceMetrics } from './metrics';
import { connectNatsBus } from './nats-bus';
import { JobRunner, type JobTuning, type RegisteredJob } from './jobs';
import { OutboxRelay, handleOnce, type InboxHandler } from './outbox';

export interface RuntimeOptions {
  name: ServiceName;
  config: Config;
  migrationsFolder: string;
  /** A bus shared by the services of one process (all-in-one); otherwise the service opens its own. */
  bus?: EventBus;
  /** all-in-one with DATABASE_URL: each service uses <database>_<service> on that server. */
  databasePerService?: boolean;
  /** Keep the PGlite database in memory (tests). */
  inMemoryDatabase?: boolean;
  logger?: Logger;
  /** Lease, polling and retry timing of the service's jobs (tests shorten them). */
  jobs?: JobTuning;
}

export interface ServiceRuntime {
  name: ServiceName;
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  bus: EventBus;
  metrics: ServiceMetrics;
  relay: OutboxRelay;
  jobs: JobRunner;
  /** After a commit that wrote an event or a job: publish and look for due jobs now, not at the next poll. */
  poke(): void;
  ownsBus: boolean;
}

export async function openRuntime(options: RuntimeOptions): Promise<ServiceRuntime> {
  const { name, config } = options;
  const logger = options.logger ?? createLogger(name, config.logLevel);
  const url = config.databaseUrl && options.databasePerService ? serviceDatabaseUrl(config.databaseUrl, name) : config.databaseUrl;
  const database = await openDatabase({
    url,
    dataDir: url || options.inMemoryDatabase ? undefined : pgliteDataDir(config.dataDir, name),
    migrationsFolder: options.migrationsFolder,
  });
  let bus = options.bus;
  const ownsBus = !bus;
  try {
    bus ??= config.natsUrl
      ? await connectNatsBus({ url: config.natsUrl, prefix: config.natsPrefix, name: `tracklens-${name}`, logger })
      : new InProcessBus({ logger });
  } catch (error) {
    await database.close();
    throw error;
  }
  // Process-wide metrics once per process: in all-in-one the gateway reports them, not each service.
  const metrics = createMetrics(name, ownsBus);
  const relay = new OutboxRelay({ db: database.db, bus, logger, pollMs: config.outboxPollMs });
  const jobs = new JobRunner({ db: database.db, logger, ...options.jobs });
  const poke = () => {
    relay.poke();
    jobs.poke();
  };
  logger.info({ database: database.kind, bus: bus.kind }, 'runtime opened');
  return { name, config, logger, database, db: database.db, bus, metrics, relay, jobs, poke, ownsBus };
}

export interface EventSubscription {
  /** Subject filter of one producing service. */
  subject: string;
  /** Durable name inside this service, e.g. 'on-video-uploaded'. */
  name: string;
  handler: InboxHandler;
}

export interface ServiceDefinition {
  routes(app: Express): void;
  /** Forgets what the service remembers of its tables, after the staging data is cleared (outside production). */
  afterClear?: () => void;
  /** POST paths that receive their body as raw bytes (e.g. a signed webhook). */
  rawBodyPaths?: string[];
  grpc?: GrpcServiceBinding[];
  subscriptions?: EventSubscription[];
  /** Durable background work (kit's job engine), periodic jobs included; stopped before the database closes. */
  jobs?: RegisteredJob[];
  /** Background work to stop before the database closes. */
  onStop?: () => Promise<void>;
  /** Node's requestTimeout of the HTTP server (default 5 minutes), for services that receive long uploads. */
  requestTimeoutMs?: number;
}

export interface RunningService {
  name: ServiceName;
  httpPort: number;
  grpcPort: number;
  app: Express;
  runtime: ServiceRuntime;
  stop(): Promise<void>;
}

export async function serve(runtime: ServiceRuntime, definition: ServiceDefinition): Promise<RunningService> {
  const { name, config, logger, database, bus, metrics, relay, jobs } = runtime;
  const app = createHttpApp({ logger, metrics, rawBodyPaths: definition.rawBodyPaths });
  const drain = new HttpDrain();
  registerHealthRoutes(app, {
    service: name,
    checks: { database: () => database.ping(), bus: () => bus.ping() },
    isDraining: () => drain.draining,
    registry: metrics.registry,
    ...(config.isProduction ? {} : { debugStats: () => database.tableCounts() }),
    ...(config.isProduction
      ? {}
      : {
          debugClear: async () => {
            const cleared = await database.clearTables();
            definition.afterClear?.();
            return cleared;
          },
        }),
  });
  definition.routes(app);
  finishHttpApp(app, logger);

  const endpoint = config.services[name];
  const server = await listen(app, config.serviceHost, endpoint.httpPort, { requestTimeoutMs: definition.requestTimeoutMs });
  drain.attach(server);
  const httpPort = (server.address() as { port: number }).port;

  const health = loadGrpcService(config.protoDir, 'grpc/health/v1/health.proto', 'grpc.health.v1.Health');
  let grpcServer: RunningGrpcServer;
  try {
    grpcServer = await startGrpcServer(
      [
        {
          service: health,
          implementation: {
            Check: async () => {
              if (drain.draining) return { status: 'NOT_SERVING' };
              const ok = await Promise.all([database.ping(), bus.ping()]).then(() => true, () => false);
              return { status: ok ? 'SERVING' : 'NOT_SERVING' };
            },
          },
        },
        ...(definition.grpc ?? []),
      ],
      { host: config.serviceHost, port: endpoint.grpcPort },
      logger,
    );
  } catch (error) {
    await closeServer(server);
    throw error;
  }

  const subscriptions: Subscription[] = [];
  for (const subscription of definition.subscriptions ?? []) {
    const consumer = `${name}-${subscription.name}`;
    subscriptions.push(
      await bus.subscribe(
        { durable: consumer, subject: subscription.subject, maxDeliveries: config.busMaxDeliveries },
        handleOnce(runtime.db, consumer, subscription.handler),
      ),
    );
  }
  relay.start();
  jobs.start(definition.jobs ?? []);
  logger.info({ httpPort, grpcPort: grpcServer.port }, `${name} service listening`);

  let stopping: Promise<void> | undefined;
  return {
    name,
    httpPort,
    grpcPort: grpcServer.port,
    app,
    runtime,
    stop: () => {
      stopping ??= (async () => {
        await drain.stop(server, config.shutdownDrainMs);
        for (const subscription of subscriptions) await subscription.stop();
        await jobs.stop();
        await definition.onStop?.();
        await relay.stop();
        await grpcServer.stop();
        if (runtime.ownsBus) await bus.close();
        await database.close();
        logger.info(`${name} service stopped`);
      })();
      return stopping;
    },
  };
}

export interface ListenOptions {
  /** Node's requestTimeout (default 5 minutes): the longest one whole request may take, e.g. a 500 MB upload. */
  requestTimeoutMs?: number;
}

/** Serves `handler` (an express app, or the gateway's edge in front of one) on host:port. */
export function listen(handler: RequestListener, host: string, port: number, options: ListenOptions = {}): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler).listen(port, host);
    if (options.requestTimeoutMs !== undefined) server.requestTimeout = options.requestTimeoutMs;
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

/** How long requests in flight may take to finish once a server stops accepting. */
export const IN_FLIGHT_GRACE_MS = 5000;

/**
 * Stops an HTTP server without failing a request. Closing a keep-alive connection that a proxy is about
 * to reuse resets that proxy's next request, so a stop first says it is coming: readiness turns false and
 * every answer carries `Connection: close` (clients open a new connection, to another replica), for
 * drainMs; then the server stops accepting, answers what is in flight and closes the idle connections.
 */
export class HttpDrain {
  private stopping = false;
  private readonly unanswered = new Set<ServerResponse>();

  get draining(): boolean {
    return this.stopping;
  }

  attach(server: Server): void {
    // Before express: a route may answer synchronously, and the header must be set before it does.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => this.track(res));
  }

  async stop(server: Server, drainMs: number): Promise<void> {
    this.stopping = true;
    for (const res of this.unanswered) closeAfterAnswer(res);
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await closeServer(server);
  }

  private track(res: ServerResponse): void {
    if (this.stopping) closeAfterAnswer(res);
    this.unanswered.add(res);
    res.once('close', () => this.unanswered.delete(res));
  }
}

function closeAfterAnswer(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

/** Stops accepting, lets requests in flight finish (at most IN_FLIGHT_GRACE_MS), then closes what is left. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Runs one stoppable thing as a process: stops cleanly on SIGINT/SIGTERM, exits 1 if it cannot start. */
export function runStandalone(name: string, start: () => Promise<{ stop(): Promise<void> }>): void {
  // Its own logger at info: these few lines say the process started, stops or could not start, whatever LOG_LEVEL.
  const logger = createLogger(name);
  const started = start();
  started.catch((error: unknown) => {
    logger.fatal({ err: error }, `${name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    started
      .then((running) => running.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
