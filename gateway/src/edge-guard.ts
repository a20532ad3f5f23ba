/** What every /api request passes before a proxy: its route, the login rate limit, logout eviction, the session. */
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errors, readSessionToken, requireAuth, verifySession } from '@tracklens/kit';
import type { RateLimiter } from './rate-limit';
import { isApiPath, type GatewayRoute, type RouteMatcher } from './routes';
import type { SessionChecker } from './session-check';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again in a minute.';

/** The route a request was admitted to; the proxies forward only what is in here. */
export type AdmittedRoutes = WeakMap<IncomingMessage, GatewayRoute>;

export interface EdgeGuardOptions {
  matcher: RouteMatcher;
  jwtSecret: string;
  sessions: SessionChecker;
  rateLimiter: RateLimiter;
  admitted: AdmittedRoutes;
}

export function createEdgeGuard(options: EdgeGuardOptions): RequestHandler {
  const { matcher, jwtSecret, sessions, rateLimiter, admitted } = options;
  const requireSession = requireAuth({ secret: jwtSecret, isSessionActive: sessions.isSessionActive });

  return (req: Request, res: Response, next: NextFunction) => {
    if (!isApiPath(req.path)) return next();
    const route = matcher.match(req.method, req.path);
    // Not in the table: nothing is admitted, and the request ends at the kit's JSON 404.
    if (!route) return next();

    if (route.rateLimited) {
      const decision = rateLimiter.hit(clientAddress(req));
      if (!decision.allowed) {
        res.setHeader('Retry-After', String(decision.retryAfterSec));
        return next(errors.tooManyRequests(RATE_LIMITED_MESSAGE, decision.retryAfterSec));
      }
    }
    if (route.endsSession) forgetSessionOf(req, jwtSecret, sessions);

    if (route.public) {
      admitted.set(req, route);
      return next();
    }
    requireSession(req, res, (error?: unknown) => {
      if (error) return next(error);
      admitted.set(req, route);
      next();
    });
  };
}

function forgetSessionOf(req: Request, jwtSecret: string, sessions: SessionChecker): void {
  const token = readSessionToken(req);
  const claims = token ? verifySession(jwtSecret, token) : null;
  if (claims) sessions.evict(claims.sessionId);
}

function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
