/** planning's REST routes: validate, call the domain, answer. */
import type { Express, Request, Response } from 'express';
import { callerOf, errors, parseOrThrow, requireAuth } from '@tracklens/kit';
import { trackingPlanExportFormatSchema } from '@tracklens/contracts';
import { z } from 'zod';
import type { Planning } from '../domain/planning';

export interface PlanningRoutesOptions {
  planning: Planning;
  jwtSecret: string;
}

const uuid = z.string().uuid();
const exportQuery = z.object({ format: trackingPlanExportFormatSchema });

export function registerPlanningRoutes(app: Express, options: PlanningRoutesOptions): void {
  const { planning } = options;
  // The gateway checks the session is live; the token's signature and expiry are checked again here.
  const auth = requireAuth({ secret: options.jwtSecret });

  app.post('/api/products/:id/generate-tracking-plan', auth, async (req: Request, res: Response) => {
    const answer = await planning.startGeneration(callerId(req), uuidOrNull(req.params.id));
    res.status('jobId' in answer ? 202 : 200).json(answer);
  });

  app.get('/api/products/:id/tracking-plans', auth, async (req: Request, res: Response) => {
    res.json(await planning.listPlans(callerId(req), uuidOrNull(req.params.id)));
  });

  app.get('/api/products/:id/tracking-plan-status', auth, async (req: Request, res: Response) => {
    res.json(await planning.status(callerId(req), uuidOrNull(req.params.id)));
  });

  app.delete('/api/tracking-plans/:id', auth, async (req: Request, res: Response) => {
    res.json(await planning.deletePlan(callerId(req), uuidOrNull(req.params.id)));
  });

  app.get('/api/tracking-plans/:id/export', auth, async (req: Request, res: Response) => {
    const userId = callerId(req);
    const { format } = parseOrThrow(exportQuery, req.query);
    const file = await planning.exportPlan(userId, uuidOrNull(req.params.id), format);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.send(file.body);
  });
}

/** A malformed id is answered like an unknown one: 'not found', never a hint about the id format. */
function uuidOrNull(value: unknown): string | null {
  const parsed = uuid.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** identity only signs uuids; anything else cannot own products. */
function callerId(req: Request): string {
  const { userId } = callerOf(req);
  if (!uuid.safeParse(userId).success)
    throw errors.unauthorized('NO_SESSION', 'Authentication failed: session expired or invalid');
  return userId;
}
