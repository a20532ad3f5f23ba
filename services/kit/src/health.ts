/** /healthz (alive), /readyz (dependencies really answer), /metrics, and /debug/stats and /debug/clear outside production. */
import type { Express, Request, Response } from 'express';
import type { Registry } from 'prom-client';
import { z } from 'zod';

export type HealthCheck = () => Promise<void>;

export interface HealthOptions {
  service: string;
  checks: Record<string, HealthCheck>;
  registry: Registry;
  /** Row counts per table; the route is absent when this is not given (production). */
  debugStats?: () => Promise<Record<string, number>>;
  /** Empties the service's tables and names them; the route is absent when this is not given (production). */
  debugClear?: () => Promise<string[]>;
  timeoutMs?: number;
  /** True once the process is stopping: /readyz answers 503 at once, so load balancers send it nothing new. */
  isDraining?: () => boolean;
}

/** GET /debug/stats of a service, as the gateway reads it. */
export const debugStatsAnswerSchema = z.object({
  service: z.string(),
  stats: z.record(z.string(), z.number().int().nonnegative()),
  timestamp: z.string(),
});
export type DebugStatsAnswer = z.infer<typeof debugStatsAnswerSchema>;

/** POST /debug/clear of a service: the tables it emptied. */
export const debugClearAnswerSchema = z.object({
  service: z.string(),
  tables: z.array(z.string()),
  timestamp: z.string(),
});
export type DebugClearAnswer = z.infer<typeof debugClearAnswerSchema>;

export function registerHealthRoutes(app: Express, options: HealthOptions): void {
  registerLivenessRoute(app, options.service);
  registerOperationsRoutes(app, options);
  registerDebugRoutes(app, options);
}

/** GET /healthz: answers while the process lives, whatever its dependencies do. */
export function registerLivenessRoute(app: Express, service: string): void {
  app.get('/healthz', (_req: Request, res: Response) => {
    res.json({ status: 'ok', service });
  });
}

/** GET /readyz and GET /metrics: what operators and load balancers read, not users. */
export function registerOperationsRoutes(app: Express, options: HealthOptions): void {
  app.get('/readyz', async (_req: Request, res: Response) => {
    if (options.isDraining?.()) {
      res.status(503).json({ status: 'draining', service: options.service, checks: {} });
      return;
    }
    const results = await runChecks(options.checks, options.timeoutMs ?? 2000);
    const ready = Object.values(results).every((value) => value === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', service: options.service, checks: results });
  });
  app.get('/metrics', async (_req: Request, res: Response) => {
    res.setHeader('content-type', options.registry.contentType);
    res.send(await options.registry.metrics());
  });
}

function registerDebugRoutes(app: Express, options: HealthOptions): void {
  const debugStats = options.debugStats;
  if (debugStats) {
    app.get('/debug/stats', async (_req: Request, res: Response) => {
      res.json({ service: options.service, stats: await debugStats(), timestamp: new Date().toISOString() });
    });
  }
  const debugClear = options.debugClear;
  if (debugClear) {
    // The internal port is reachable from the developer's browser: a JSON content type cannot be sent
    // cross-site without a CORS preflight, which no service answers, so no web page can empty the tables.
    app.post('/debug/clear', async (req: Request, res: Response) => {
      if (!req.is('application/json')) {
        res.status(415).json({ message: 'Send Content-Type: application/json', code: 'UNSUPPORTED_MEDIA_TYPE' });
        return;
      }
      res.json({ service: options.service, tables: await debugClear(), timestamp: new Date().toISOString() });
    });
  }
}

export async function runChecks(checks: Record<string, HealthCheck>, timeoutMs: number): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, `error: ${error instanceof Error ? error.message : String(error)}`] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(entries);
}
