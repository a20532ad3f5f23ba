/**
 * The gateway's /api edge: a request for a service's route is observed, passes its route's checks (the login
 * rate limit, logout eviction, the session) and goes to that service's upstream, on the bare node request.
 * Everything else (the gateway's own routes, the web app, unknown paths) goes to the express app. express's
 * routing and middleware chain cost as much CPU as the proxying itself, and on every call to a service.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  answerError,
  authorize,
  errors,
  observeRequest,
  pathnameOf,
  readSessionToken,
  verifySession,
  type Logger,
  type NodeMiddleware,
  type ServiceMetrics,
  type ServiceName,
} from '@tracklens/kit';
import type { RateLimiter } from './rate-limit';
import { isApiPath, type GatewayRoute, type RouteMatcher } from './routes';
import type { SessionChecker } from './session-check';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again in a minute.';

/** Hands an admitted request to its service; `fail` answers an error the upstream met before the service answered. */
export type Upstream = (req: IncomingMessage, res: ServerResponse, fail: (error: unknown) => void) => void;

export interface EdgeGuardOptions {
  matcher: RouteMatcher;
  jwtSecret: string;
  sessions: SessionChecker;
  rateLimiter: RateLimiter;
  /** The client's address as the gateway's trust rules (GATEWAY_TRUST_PROXY) read it. */
  clientAddress: (req: IncomingMessage) => string;
  upstreams: Record<ServiceName, Upstream>;
  /** The headers every answer of the gateway carries (helmet). */
  securityHeaders: NodeMiddleware;
  logger: Logger;
  metrics: ServiceMetrics;
}

/** The gateway's request listener: service routes here, the rest to `app`. */
export function createEdgeGuard(options: EdgeGuardOptions, app: (req: IncomingMessage, res: ServerResponse) => void) {
  const { matcher, jwtSecret, sessions, rateLimiter, clientAddress, upstreams, securityHeaders, logger, metrics } = options;

  const admit = async (req: IncomingMessage, route: GatewayRoute): Promise<void> => {
    if (route.rateLimited) {
      const decision = rateLimiter.hit(clientAddress(req));
      if (!decision.allowed) throw errors.tooManyRequests(RATE_LIMITED_MESSAGE, decision.retryAfterSec);
    }
    if (route.endsSession) forgetSessionOf(req, jwtSecret, sessions);
    if (!route.public) await authorize(req, { secret: jwtSecret, isSessionActive: sessions.isSessionActive });
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const pathname = pathnameOf(req);
    const route = isApiPath(pathname) ? matcher.match(req.method ?? 'GET', pathname) : undefined;
    // Not a service's route: the gateway's own /api routes, the web app, or the kit's JSON 404.
    if (!route) return app(req, res);
    const fail = (error: unknown) => answerError(req, res, error, logger);
    securityHeaders(req, res, (error) => {
      if (error) return fail(error);
      observeRequest(req, res, { logger, metrics }, () => {
        admit(req, route).then(() => upstreams[route.service](req, res, fail), fail);
      });
    });
  };
}

function forgetSessionOf(req: IncomingMessage, jwtSecret: string, sessions: SessionChecker): void {
  const token = readSessionToken(req);
  const claims = token ? verifySession(jwtSecret, token) : null;
  if (claims) sessions.evict(claims.sessionId);
}
