/** The express app every service and the gateway start from: helmet, request ids, body limits, one error handler. */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { newRequestId, runWithContext, sanitizeRequestId } from './context';
import { AppError, fromZodError } from './errors';
import type { ServiceMetrics } from './metrics';

export const JSON_BODY_LIMIT = '1mb';

export interface HttpAppOptions {
  logger: Logger;
  metrics?: ServiceMetrics;
  /** Parse JSON bodies (the gateway streams bodies through instead). */
  parseJson?: boolean;
  /**
   * Which peers may set X-Forwarded-For. Services sit behind the gateway on private addresses; the
   * gateway faces clients and trusts only its own host unless GATEWAY_TRUST_PROXY says otherwise.
   */
  trustProxy?: string;
  /** Paths whose body stays raw bytes in req.body (webhook signatures are computed over the exact bytes). */
  rawBodyPaths?: string[];
}

/** Creates the app with everything that must run before routes. Call finishHttpApp after adding routes. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback, linklocal, uniquelocal');
  app.use(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = sanitizeRequestId(req.headers['x-request-id']) ?? newRequestId();
    req.requestId = requestId;
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req);
      options.metrics?.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      if (!isProbe(req.path)) {
        options.logger.info(
          { requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(seconds * 1000) },
          'request',
        );
      }
    });
    runWithContext({ requestId }, next);
  });
  for (const rawPath of options.rawBodyPaths ?? []) {
    // Read before the JSON parser: a consumed body is left alone by express.json.
    app.post(rawPath, express.raw({ type: () => true, limit: JSON_BODY_LIMIT }));
  }
  if (options.parseJson !== false) app.use(express.json({ limit: JSON_BODY_LIMIT }));
  return app;
}

/** Adds the JSON 404 and the one error handler; never a stack trace in a response. */
export function finishHttpApp(app: Express, logger: Logger): Express {
  app.use((req: Request, res: Response) => {
    res.status(404).json({ message: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      logger.error({ err: error, requestId: req.requestId, path: req.path }, 'request failed');
    }
    if (res.headersSent) {
      // A response cut off mid-stream must look broken to the client, not complete.
      res.destroy();
      return;
    }
    res.status(appError.status).json(appError.toBody());
  });
  return app;
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return fromZodError(error);
  const bodyParserType = (error as { type?: unknown } | null)?.type;
  if (bodyParserType === 'entity.parse.failed') return new AppError(400, 'Malformed JSON in request body', 'INVALID_JSON');
  if (bodyParserType === 'entity.too.large') return new AppError(413, 'Request body too large', 'PAYLOAD_TOO_LARGE');
  if (bodyParserType === 'encoding.unsupported' || bodyParserType === 'charset.unsupported') {
    return new AppError(415, 'Unsupported request encoding', 'UNSUPPORTED_MEDIA_TYPE');
  }
  // http-errors style errors (express, body-parser) say whether their message is safe to show.
  const { status, expose, message } = (error ?? {}) as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, expose === true && typeof message === 'string' ? message : 'Bad request', 'BAD_REQUEST');
  }
  return new AppError(500, 'Internal server error', 'INTERNAL');
}

function routeLabel(req: Request): string {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  return typeof route === 'string' ? `${req.baseUrl}${route}` : 'unmatched';
}

function isProbe(path: string): boolean {
  return path === '/healthz' || path === '/readyz' || path === '/metrics';
}
