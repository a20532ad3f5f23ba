/** planning's REST routes: validate, call the domain, answer. */
import type { Express, Request, Response } from 'express';
import { callerUserId, parseOrThrow, requireAuth, uuidOrNull } from '@tracklens/kit';
import { trackingPlanExportFormatSchema } from '@tracklens/contracts';
import { z } from 'zod';
import type { Planning } from '../domain/planning';

export interface PlanningRoutesOptions {
  planning: Planning;
  jwtSecret: string;
}

const exportQuery = z.object({ format: trackingPlanExportFormatSchema });

export function registerPlanningRoutes(app: Express, options: PlanningRoutesOptions): void {
  const { planning } = options;
  // The gateway checks the session is live; the token's signature and expiry are checked again here.
  const auth = requireAuth({ secret: options.jwtSecret });

  app.post('/api/products/:id/generate-tracking-plan', auth, async (req: Request, res: Response) => {
    const answer = await planning.startGeneration(callerUserId(req), uuidOrNull(req.params.id));
    res.status('jobId' in answer ? 202 : 200).json(answer);
  });

  app.get('/api/products/:id/tracking-plans', auth, async (req: Request, res: Response) => {
    res.json(await planning.listPlans(callerUserId(req), uuidOrNull(req.params.id)));
  });

  app.get('/api/products/:id/tracking-plan-status', auth, async (req: Request, res: Response) => {
    res.json(await planning.status(callerUserId(req), uuidOrNull(req.params.id)));
  });

  app.delete('/api/tracking-plans/:id', auth, async (req: Request, res: Response) => {
    res.json(await planning.deletePlan(callerUserId(req), uuidOrNull(req.params.id)));
  });

  app.get('/api/tracking-plans/:id/export', auth, async (req: Request, res: Response) => {
    const userId = callerUserId(req);
    const { format } = parseOrThrow(exportQuery, req.query);
    const file = await planning.exportPlan(userId, uuidOrNull(req.params.id), format);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.send(file.body);
  });
}
