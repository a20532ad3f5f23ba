/**
 * The gateway's composition root: the /api edge in front (a service's route: its checks, then its upstream),
 * and for the rest an express app with health, the admin routes and the web app, in that order.
 */
import http from 'node:http';
import type { Express, Request, Response } from 'express';
import proxyAddr from 'proxy-addr';
import {
  HttpDrain,
  SERVICE_NAMES,
  closeServer,
  createGrpcClient,
  createHttpApp,
  createLogger,
  createMetrics,
  finishHttpApp,
  listen,
  loadGrpcService,
  registerLivenessRoute,
  registerOperationsRoutes,
  requireAuth,
  securityHeaders,
  type Config,
  type HealthOptions,
  type Logger,
  type ServiceName,
} from '@tracklens/kit';
import { adminRoutes } from './admin';
import { createEdgeGuard, type Upstream } from './edge-guard';
import { createInProcessUpstream } from './in-process-upstream';
import { createRateLimiter } from './rate-limit';
import { ROUTES, createRouteMatcher } from './routes';
import { createSessionChecker } from './session-check';
import { upstreamHealthChecks } from './upstream-health';
import { createUpstreamProxy } from './upstream-proxy';
import { registerWebApp, uploadOrigins } from './web-app';

export const READINESS_TIMEOUT_MS = 2000;
/** Below the services' keep-alive timeout (Node's 5 s): the gateway drops an idle socket before a service does. */
export const UPSTREAM_IDLE_SOCKET_MS = 4000;

export interface GatewayOptions {
  config: Config;
  logger?: Logger;
  /** Services running in this process (the all-in-one start): reached by calling their app, not over HTTP. */
  inProcess?: Partial<Record<ServiceName, Express>>;
}

export interface RunningGateway {
  port: number;
  /** The internal port of /readyz and /metrics (GATEWAY_OPS_PORT), when there is one. */
  opsPort: number | undefined;
  app: Express;
  stop(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { config } = options;
  const logger = options.logger ?? createLogger('gateway', config.logLevel);
  const metrics = createMetrics('gateway');

  const identity = createGrpcClient(
    loadGrpcService(config.protoDir, 'identity/v1/identity.proto', 'identity.v1.IdentityService'),
    config.services.identity.grpcUrl,
    { deadlineMs: config.grpcDeadlineMs },
  );
  const sessions = createSessionChecker({ identity, cacheMs: config.sessionCheckCacheMs });
  const rateLimiter = createRateLimiter({ limit: config.authRateLimitPerMinute });
  // Keep-alive to the services: without an agent http-proxy opens a new connection per request.
  const agent = new http.Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_SOCKET_MS });
  const drain = new HttpDrain();
  const health: HealthOptions = {
    service: 'gateway',
    checks: upstreamHealthChecks(config.services, READINESS_TIMEOUT_MS),
    registry: metrics.registry,
    timeoutMs: READINESS_TIMEOUT_MS,
    isDraining: () => drain.draining,
  };

  const connectSrc = uploadOrigins(config.storage);
  const app = createHttpApp({ logger, metrics, parseJson: false, trustProxy: config.gatewayTrustProxy, connectSrc });
  registerLivenessRoute(app, 'gateway');
  if (config.gatewayOpsPort === undefined) registerOperationsRoutes(app, health);
  else refuseOperationsRoutes(app);
  // The gateway's own /api routes: no service row matches them, so the edge passes them on to this app.
  app.use(
    adminRoutes({
      config,
      requireSession: requireAuth({ secret: config.jwtSecret, isSessionActive: sessions.isSessionActive }),
      sessions,
      logger,
    }),
  );
  registerWebApp(app, config.webDist);
  finishHttpApp(app, logger);

  // express compiles GATEWAY_TRUST_PROXY into this function; proxy-addr is what express's req.ip uses it with.
  const trusted = app.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
  const clientAddress = (req: http.IncomingMessage) => proxyAddr(req, trusted);
  const upstreamOf = (service: ServiceName): Upstream => {
    const local = options.inProcess?.[service];
    return local
      ? createInProcessUpstream({ app: local, clientAddress })
      : createUpstreamProxy({ service, target: config.services[service].url, agent, logger });
  };
  const edge = createEdgeGuard(
    {
      matcher: createRouteMatcher(ROUTES),
      jwtSecret: config.jwtSecret,
      sessions,
      rateLimiter,
      clientAddress,
      upstreams: Object.fromEntries(SERVICE_NAMES.map((service) => [service, upstreamOf(service)])) as Record<ServiceName, Upstream>,
      securityHeaders: securityHeaders(connectSrc),
      logger,
      metrics,
    },
    app,
  );

  let server: http.Server;
  let ops: http.Server | undefined;
  try {
    // Uploads of up to 500 MB stream through here: Node's default 5-minute requestTimeout would cut slow ones.
    server = await listen(edge, config.gatewayHost, config.gatewayPort, { requestTimeoutMs: config.uploads.requestTimeoutMs });
    drain.attach(server);
    if (config.gatewayOpsPort !== undefined) {
      ops = await listenOps(config.gatewayHost, config.gatewayOpsPort, health, logger).catch(async (error: unknown) => {
        await closeServer(server);
        throw error;
      });
    }
  } catch (error) {
    identity.close();
    agent.destroy();
    throw error;
  }
  const port = portOf(server, config.gatewayPort);
  const opsPort = ops ? portOf(ops, config.gatewayOpsPort ?? 0) : undefined;
  logger.info({ port, opsPort, webDist: config.webDist }, 'gateway listening');

  let stopping: Promise<void> | undefined;
  return {
    port,
    opsPort,
    app,
    stop: () => {
      stopping ??= (async () => {
        await drain.stop(server, config.shutdownDrainMs);
        if (ops) await closeServer(ops);
        identity.close();
        agent.destroy();
        logger.info('gateway stopped');
      })();
      return stopping;
    },
  };
}

/**
 * The operations port: liveness, readiness and metrics for probes and scrapers inside the network. It is
 * never published, so the upstream topology and traffic figures stay out of reach of the public.
 */
async function listenOps(host: string, port: number, health: HealthOptions, logger: Logger): Promise<http.Server> {
  const ops = createHttpApp({ logger, parseJson: false });
  registerLivenessRoute(ops, health.service);
  registerOperationsRoutes(ops, health);
  finishHttpApp(ops, logger);
  return listen(ops, host, port);
}

/** With an operations port, the public port has no /readyz or /metrics, for pages and scrapers alike. */
function refuseOperationsRoutes(app: Express): void {
  app.all(['/readyz', '/metrics'], (req: Request, res: Response) => {
    res.status(404).json({ message: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
  });
}

function portOf(server: http.Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : fallback;
}
