/** catalog's REST routes: validate, call the domain, answer. */
import type { Express, Request, Response } from 'express';
import { callerUserId, parseOrThrow, requireAuth, uuidOrNull } from '@tracklens/kit';
import { createProductBodySchema, productIdQuerySchema, updateProductBodySchema } from '@tracklens/contracts';
import type { Catalog } from '../domain/catalog';

export interface CatalogRoutesOptions {
  catalog: Catalog;
  jwtSecret: string;
}

export function registerCatalogRoutes(app: Express, options: CatalogRoutesOptions): void {
  const { catalog } = options;
  // The token's signature and expiry are checked here again; whether the session is still live is the
  // gateway's check (identity's CheckSession), which every request passes before reaching a service.
  const auth = requireAuth({ secret: options.jwtSecret });

  app.get('/api/products', auth, async (req: Request, res: Response) => {
    res.json(await catalog.listProducts(callerUserId(req)));
  });

  app.post('/api/products/create-without-video', auth, async (req: Request, res: Response) => {
    const body = parseOrThrow(createProductBodySchema, req.body ?? {});
    res.status(201).json(await catalog.createProduct(callerUserId(req), body));
  });

  app.get('/api/products/:id', auth, async (req: Request, res: Response) => {
    res.json(await catalog.getProduct(callerUserId(req), uuidOrNull(req.params.id)));
  });

  app.patch('/api/products/:id', auth, async (req: Request, res: Response) => {
    const userId = callerUserId(req);
    const body = parseOrThrow(updateProductBodySchema, req.body ?? {});
    res.json(await catalog.updateProduct(userId, uuidOrNull(req.params.id), body));
  });

  app.get('/api/knowledge-base', auth, async (req: Request, res: Response) => {
    const { productId } = parseOrThrow(productIdQuerySchema, req.query);
    res.json(await catalog.knowledgeBase(callerUserId(req), uuidOrNull(productId)));
  });
}
