/** analysis's REST routes (product-spec §7): validate, call the domain, answer. */
import type { Express, Request, Response } from 'express';
import { callerUserId, parseOrThrow, requireAuth, uuidOr404 } from '@tracklens/kit';
import { PAGE_SPEC_MESSAGES, enhancePageSpecBodySchema, finalizePageSpecsBodySchema } from '@tracklens/contracts';
import type { PageSpecs } from '../domain/page-specs';

export interface AnalysisRoutesOptions {
  pageSpecs: PageSpecs;
  jwtSecret: string;
}

export function registerAnalysisRoutes(app: Express, options: AnalysisRoutesOptions): void {
  const { pageSpecs } = options;
  // The token is verified here again; whether its session is live is the gateway's check.
  const auth = requireAuth({ secret: options.jwtSecret });

  app.get('/api/videos/:id/page-specs', auth, async (req: Request, res: Response) => {
    res.json(await pageSpecs.list(callerUserId(req), uuidOr404(req.params.id, PAGE_SPEC_MESSAGES.videoNotFound)));
  });

  app.delete('/api/page-specs/:id', auth, async (req: Request, res: Response) => {
    res.json(await pageSpecs.remove(callerUserId(req), uuidOr404(req.params.id, PAGE_SPEC_MESSAGES.pageSpecNotFound)));
  });

  app.post('/api/products/:id/page-specs/enhance', auth, async (req: Request, res: Response) => {
    const productId = uuidOr404(req.params.id, PAGE_SPEC_MESSAGES.productNotFound);
    const body = parseOrThrow(enhancePageSpecBodySchema, req.body ?? {});
    res.status(201).json(await pageSpecs.enhance(callerUserId(req), productId, body));
  });

  app.post('/api/products/:id/page-specs/finalize', auth, async (req: Request, res: Response) => {
    const productId = uuidOr404(req.params.id, PAGE_SPEC_MESSAGES.productNotFound);
    const body = parseOrThrow(finalizePageSpecsBodySchema, req.body ?? {});
    res.json(await pageSpecs.finalize(callerUserId(req), productId, body.videoId));
  });

  app.post('/api/videos/:id/retry-analysis', auth, async (req: Request, res: Response) => {
    res.json(await pageSpecs.retry(callerUserId(req), uuidOr404(req.params.id, PAGE_SPEC_MESSAGES.videoNotFound)));
  });
}
