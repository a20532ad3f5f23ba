/** media's REST routes: validate, call the domain, answer. The upload PUT and the image proxy stream, never buffer. */
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Express, NextFunction, Request, Response } from 'express';
import {
  callerUserId,
  errors,
  lingerAfterEarlyAnswer,
  parseOrThrow,
  requireAuth,
  sendError,
  toAppError,
  uuidOr404,
  type Logger,
  type ObjectStorage,
} from '@tracklens/kit';
import { UPLOAD_MESSAGES, createUploadBodySchema, registerVideoBodySchema } from '@tracklens/contracts';
import { resolveImagePath } from '../domain/image-path';
import type { Uploads } from '../domain/uploads';
import { toVideo, type Videos } from '../domain/videos';

export const UPLOAD_ROUTE = '/api/uploads';
const IMAGES_PREFIX = '/api/images/';
/** Keys are content-unique (a new screenshot gets a new key), so a browser may keep an image for good. */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export interface MediaRoutesOptions {
  uploads: Uploads;
  videos: Videos;
  storage: ObjectStorage;
  jwtSecret: string;
  logger: Logger;
}


export function registerMediaRoutes(app: Express, options: MediaRoutesOptions): void {
  const { uploads, videos, storage } = options;
  // The token's signature and expiry are checked here again; whether the session is still live is the
  // gateway's check (identity's CheckSession), which every request passes before reaching a service.
  const auth = requireAuth({ secret: options.jwtSecret });

  app.post(UPLOAD_ROUTE, auth, async (req: Request, res: Response) => {
    const body = parseOrThrow(createUploadBodySchema, req.body ?? {});
    res.status(201).json(await uploads.createUpload(callerUserId(req), body));
  });

  // The signed URL is the capability (as a presigned S3 URL is): no session cookie is needed here.
  app.put(`${UPLOAD_ROUTE}/:token`, (req: Request, res: Response, next: NextFunction) => {
    receiveUpload(uploads, req, res).catch((error: unknown) => answerUploadError(req, res, next, error));
  });

  app.get('/api/products/:id/videos', auth, async (req: Request, res: Response) => {
    const list = await videos.listForOwner(callerUserId(req), uuidOr404(req.params.id, UPLOAD_MESSAGES.productNotFound));
    res.json(list.map(toVideo));
  });

  app.post('/api/products/:id/videos/direct', auth, async (req: Request, res: Response) => {
    const userId = callerUserId(req);
    const productId = uuidOr404(req.params.id, UPLOAD_MESSAGES.productNotFound);
    const body = parseOrThrow(registerVideoBodySchema, req.body ?? {});
    const { video, created } = await uploads.register(userId, productId, body);
    res.status(created ? 201 : 200).json(toVideo(video));
  });

  app.delete('/api/videos/:id', auth, async (req: Request, res: Response) => {
    const video = await videos.delete(callerUserId(req), uuidOr404(req.params.id, UPLOAD_MESSAGES.videoNotFound));
    res.json({ success: true, id: video.id });
  });

  // A pattern without parameters: the router must not decode (and reject) the path; resolveImagePath decodes it once.
  app.get(/^\/api\/images\/./, auth, async (req: Request, res: Response) => {
    const image = resolveImagePath(rawPathAfter(req.originalUrl, IMAGES_PREFIX), callerUserId(req));
    const info = image ? await storage.head(image.key) : null;
    if (!image || !info) throw errors.notFound('Image not found');
    res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
    res.setHeader('ETag', info.etag);
    if (req.headers['if-none-match'] === info.etag) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', String(info.size));
    await pipeline(await storage.getStream(image.key), res);
  });
}

/**
 * Streams the body through a PassThrough rather than handing `req` to the storage: when the size limit cuts
 * the stream, only the PassThrough is destroyed and the connection survives long enough to answer 413.
 */
async function receiveUpload(uploads: Uploads, req: Request, res: Response): Promise<void> {
  const body = new PassThrough();
  req.pipe(body);
  req.once('close', () => {
    if (!req.complete) body.destroy(new Error('The client stopped sending'));
  });
  const result = await uploads.receive(String(req.params.token), body, contentLengthOf(req));
  res.json(result);
}

/** An upload refused before its body was read: answer, then close once the rest has drained (lingerAfterEarlyAnswer). */
function answerUploadError(req: Request, res: Response, next: NextFunction, error: unknown): void {
  if (req.complete || res.headersSent) {
    next(error);
    return;
  }
  req.unpipe();
  lingerAfterEarlyAnswer(req, res);
  sendError(res, toAppError(error));
}

function contentLengthOf(req: Request): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/** The path after the prefix exactly as the client sent it (percent-encoding intact), without the query. */
function rawPathAfter(originalUrl: string, prefix: string): string {
  const path = originalUrl.split('?')[0] ?? '';
  return path.startsWith(prefix) ? path.slice(prefix.length) : '';
}

