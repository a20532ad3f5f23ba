/** Saved items' REST routes: validate, call the domain, answer. */
import type { Express, Request, Response } from 'express';
import { callerUserId, parseOrThrow, requireAuth, uuidOrNull } from '@tracklens/kit';
import { createSavedItemBodySchema, productIdQuerySchema } from '@tracklens/contracts';
import type { SavedItems } from '../domain/saved-items';

export interface SavedItemRoutesOptions {
  savedItems: SavedItems;
  jwtSecret: string;
}

export function registerSavedItemRoutes(app: Express, options: SavedItemRoutesOptions): void {
  const { savedItems } = options;
  const auth = requireAuth({ secret: options.jwtSecret });

  app.post('/api/saved-items', auth, async (req: Request, res: Response) => {
    const userId = callerUserId(req);
    const body = parseOrThrow(createSavedItemBodySchema, req.body ?? {});
    res.status(201).json(await savedItems.save(userId, uuidOrNull(body.productId), body));
  });

  app.get('/api/saved-items', auth, async (req: Request, res: Response) => {
    const userId = callerUserId(req);
    const { productId } = parseOrThrow(productIdQuerySchema, req.query);
    res.json(await savedItems.list(userId, uuidOrNull(productId)));
  });

  app.delete('/api/saved-items/:id', auth, async (req: Request, res: Response) => {
    res.json(await savedItems.delete(callerUserId(req), uuidOrNull(req.params.id)));
  });
}
