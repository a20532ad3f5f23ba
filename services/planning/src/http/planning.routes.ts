/** planning's REST routes: validate, call the domain, answer. */
import type { Express, Request, Response } from 'express';
import { callerUserId, parseOrThrow, requireAuth, uuidOrNull } from '@tracklens/kit';
import { EXPORT_WARNINGS_HEADER, trackingPlanExportFormatSchema } from '@tracklens/contracts';
import { z } from 'zod';
import type { Planning } from '../domain/planning';
import { isIgluVendor } from '../exports/plan-exports';

/** The longest vendor accepted: Iglu vendors are reverse-DNS names, never essays. */
const VENDOR_MAX = 128;

export interface PlanningRoutesOptions {
  planning: Planning;
  jwtSecret: string;
}

const exportQuery = z.object({
  format: trackingPlanExportFormatSchema,
  vendor: z
    .string()
    .max(VENDOR_MAX)
    .refine(isIgluVendor, 'Vendor must be a reverse-DNS name such as com.example')
    .optional(),
});

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
    const { format, vendor } = parseOrThrow(exportQuery, req.query);
    const file = await planning.exportPlan(userId, uuidOrNull(req.params.id), format, vendor ? { vendor } : {});
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    // Header values are ASCII: the names a tool would merge travel URI-encoded, one per line.
    if (file.warnings.length > 0) res.setHeader(EXPORT_WARNINGS_HEADER, encodeURIComponent(file.warnings.join('\n')));
    res.send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
  });
}
