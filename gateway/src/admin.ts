/**
 * The development admin panel's routes (product-spec §6, §7): the database configuration, row counts of
 * every service and 'clear staging data'. The gateway owns no data: it asks each service's internal
 * /debug endpoints, which exist only outside production, so in production only the configuration answers.
 */
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  AppError,
  SERVICE_NAMES,
  callerOf,
  debugClearAnswerSchema,
  debugStatsAnswerSchema,
  errors,
  type Config,
  type Logger,
  type ServiceName,
} from '@tracklens/kit';
import type { SessionChecker } from './session-check';

export const DEBUG_TIMEOUT_MS = 10_000;

/** A schema's safeParse (zod's), so that the gateway need not depend on zod itself. */
interface AnswerSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/** GET /api/config/database (product-spec §3 Database config). */
export interface DatabaseConfigAnswer {
  environment: Config['appEnv'];
  databaseType: 'postgresql' | 'pglite';
  isProduction: boolean;
  canClearData: boolean;
}

export interface AdminRoutesOptions {
  config: Config;
  requireSession: RequestHandler;
  sessions: SessionChecker;
  logger: Logger;
}

export function databaseConfigOf(config: Config): DatabaseConfigAnswer {
  return {
    environment: config.appEnv,
    // Production refuses PGlite; elsewhere the services use DATABASE_URL's server when it is set (all-in-one).
    databaseType: config.isProduction || config.databaseUrl ? 'postgresql' : 'pglite',
    isProduction: config.isProduction,
    canClearData: config.canClearData,
  };
}

export function adminRoutes(options: AdminRoutesOptions): Router {
  const { config, requireSession, sessions, logger } = options;
  const router = Router();

  router.get('/api/config/database', requireSession, (_req: Request, res: Response) => {
    res.json(databaseConfigOf(config));
  });
  // Production has no admin panel: these paths are unknown there (the kit's JSON 404).
  if (config.isProduction) return router;

  router.get('/api/admin/database/stats', requireSession, (_req: Request, res: Response, next: NextFunction) => {
    fanOut(config, 'GET', '/debug/stats', debugStatsAnswerSchema, logger).then((answers) => {
      const stats: Record<string, number> = {};
      for (const [service, answer] of answers) {
        for (const [table, count] of Object.entries(answer.stats)) stats[`${service}.${table}`] = count;
      }
      res.json({ stats, timestamp: new Date().toISOString() });
    }, next);
  });

  router.post('/api/admin/database/clear-staging', requireSession, (req: Request, res: Response, next: NextFunction) => {
    if (!config.canClearData) {
      next(errors.forbidden('Clearing data is disabled in this environment', 'CLEAR_DATA_DISABLED'));
      return;
    }
    const caller = callerOf(req);
    fanOut(config, 'POST', '/debug/clear', debugClearAnswerSchema, logger).then((answers) => {
      // identity's sessions are gone with its tables: the caller's cached yes must not outlive them.
      sessions.evict(caller.sessionId);
      const tables = answers.flatMap(([service, answer]) => answer.tables.map((table) => `${service}.${table}`));
      logger.warn({ userId: caller.userId, tables: tables.length }, 'staging data cleared');
      res.json({ success: true, tables, timestamp: new Date().toISOString() });
    }, next);
  });
  return router;
}

/** Asks every service at once; one that does not answer well fails the whole request with a clear 5xx. */
async function fanOut<T>(
  config: Config,
  method: 'GET' | 'POST',
  path: string,
  schema: AnswerSchema<T>,
  logger: Logger,
): Promise<[ServiceName, T][]> {
  return Promise.all(
    SERVICE_NAMES.map(async (service): Promise<[ServiceName, T]> => {
      const url = `${config.services[service].url.replace(/\/+$/, '')}${path}`;
      let response: globalThis.Response;
      try {
        response = await fetch(url, {
          method,
          // /debug/clear only takes JSON, which a web page cannot send cross-site without a preflight.
          ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
          signal: AbortSignal.timeout(DEBUG_TIMEOUT_MS),
        });
      } catch (error) {
        logger.warn({ upstream: service, path, err: error }, 'debug endpoint unreachable');
        throw new AppError(503, `The ${service} service is unavailable. Please try again shortly.`, 'SERVICE_UNAVAILABLE');
      }
      const parsed = schema.safeParse(await response.json().catch(() => undefined));
      if (!response.ok || !parsed.success) {
        logger.warn({ upstream: service, path, status: response.status }, 'debug endpoint answered badly');
        throw new AppError(502, 'Bad gateway', 'BAD_GATEWAY');
      }
      return [service, parsed.data];
    }),
  );
}
