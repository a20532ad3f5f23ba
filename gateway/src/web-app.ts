/** Serves the built web client with an SPA fallback, or a placeholder page while web/dist is not built. */
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { StorageSettings } from '@tracklens/kit';
import { isApiPath } from './routes';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export function registerWebApp(app: Express, webDist: string): void {
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  const indexFile = path.join(webDist, 'index.html');
  const files = express.static(webDist, {
    // `/` goes through the fallback below like every other page of the app.
    index: false,
    setHeaders(res, filePath) {
      // Vite puts content-hashed files under assets/; index.html must be revalidated to pick up a new build.
      if (filePath.startsWith(assetsDir)) res.setHeader('Cache-Control', IMMUTABLE);
      else if (path.basename(filePath) === 'index.html') res.setHeader('Cache-Control', REVALIDATE);
    },
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path)) return next();
    files(req, res, next);
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (!isRead || isApiPath(req.path) || !req.accepts('html')) return next();
    res.sendFile(indexFile, { headers: { 'Cache-Control': REVALIDATE } }, (error?: Error) => {
      if (!error) return;
      if (!res.headersSent && isMissingFile(error)) {
        res.status(200).setHeader('Cache-Control', REVALIDATE).type('html').send(PLACEHOLDER_PAGE);
        return;
      }
      next(error);
    });
  });
}

/**
 * Where the browser PUTs an upload besides this origin (connect-src): the bucket's presigned URLs, in the
 * virtual-hosted form the S3 client prefers and the path form it falls back to. Local storage takes uploads here.
 */
export function uploadOrigins(storage: StorageSettings): string[] {
  if (storage.kind === 'local') return [];
  if (storage.publicEndpoint) {
    const endpoint = new URL(storage.publicEndpoint);
    const virtualHosted = `${endpoint.protocol}//${storage.bucket}.${endpoint.host}`;
    return storage.forcePathStyle ? [endpoint.origin] : [virtualHosted, endpoint.origin];
  }
  const regional = `s3.${storage.region}.amazonaws.com`;
  return [`https://${storage.bucket}.${regional}`, `https://${regional}`];
}

function isMissingFile(error: Error): boolean {
  const { code, status } = error as Error & { code?: unknown; status?: unknown };
  return code === 'ENOENT' || code === 'ENOTDIR' || status === 404;
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tracklens</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 15vh auto; max-width: 34rem; padding: 0 1rem; color: #1f2328; }
      code { background: #f3f4f6; padding: 0.1rem 0.3rem; border-radius: 4px; }
    </style>
  </head>
  <body>
    <h1>Tracklens</h1>
    <p>The web client is not built yet. The API is at <code>/api</code>.</p>
  </body>
</html>
`;
