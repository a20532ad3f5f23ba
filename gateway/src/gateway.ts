/** The gateway's composition root: health, the edge guard, the admin routes, one proxy per service, the web app, in that order. */
import http from 'node:http';
import type { Express } from 'express';
import {
  SERVICE_NAMES,
  closeServer,
  createGrpcClient,
  createHttpApp,
  createLogger,
  createMetrics,
  finishHttpApp,
  listen,
  loadGrpcService,
  registerHealthRoutes,
  requireAuth,
  type Config,
  type Logger,
} from '@tracklens/kit';
import { adminRoutes } from './admin';
import { createEdgeGuard, type AdmittedRoutes } from './edge-guard';
import { createRateLimiter } from './rate-limit';
import { ROUTES, createRouteMatcher } from './routes';
import { createSessionChecker } from './session-check';
import { upstreamHealthChecks } from './upstream-health';
import { createUpstreamProxy } from './upstream-proxy';
import { registerWebApp } from './web-app';

export const READINESS_TIMEOUT_MS = 2000;

export interface GatewayOptions {
  config: Config;
  logger?: Logger;
}

export interface RunningGateway {
  port: number;
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
  const agent = new http.Agent({ keepAlive: true });
  const admitted: AdmittedRoutes = new WeakMap();

  const app = createHttpApp({ logger, metrics, parseJson: false, trustProxy: config.gatewayTrustProxy });
  registerHealthRoutes(app, {
    service: 'gateway',
    checks: upstreamHealthChecks(config.services, READINESS_TIMEOUT_MS),
    registry: metrics.registry,
    timeoutMs: READINESS_TIMEOUT_MS,
  });
  app.use(
    createEdgeGuard({
      matcher: createRouteMatcher(ROUTES),
      jwtSecret: config.jwtSecret,
      sessions,
      rateLimiter,
      admitted,
    }),
  );
  // The gateway's own /api routes: no service row matches them, so the edge guard passes them on unadmitted.
  app.use(
    adminRoutes({
      config,
      requireSession: requireAuth({ secret: config.jwtSecret, isSessionActive: sessions.isSessionActive }),
      sessions,
      logger,
    }),
  );
  for (const service of SERVICE_NAMES) {
    app.use(createUpstreamProxy({ service, target: config.services[service].url, admitted, agent, logger }));
  }
  registerWebApp(app, config.webDist);
  finishHttpApp(app, logger);

  let server: http.Server;
  try {
    // Uploads of up to 500 MB stream through here: Node's default 5-minute requestTimeout would cut slow ones.
    server = await listen(app, config.gatewayHost, config.gatewayPort, { requestTimeoutMs: config.uploads.requestTimeoutMs });
  } catch (error) {
    identity.close();
    agent.destroy();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.gatewayPort;
  logger.info({ port, webDist: config.webDist }, 'gateway listening');

  let stopping: Promise<void> | undefined;
  return {
    port,
    app,
    stop: () => {
      stopping ??= (async () => {
        await closeServer(server);
        identity.close();
        agent.destroy();
        logger.info('gateway stopped');
      })();
      return stopping;
    },
  };
}
