/** The express app every service and the gateway start from: helmet, request ids, body limits, one error handler. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { newRequestId, runWithContext, sanitizeRequestId } from './context';
import { AppError, DEPENDENCY_UNAVAILABLE_MESSAGE, RETRY_AFTER_UNAVAILABLE_SEC, fromZodError, isUnavailableError } from './errors';
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
  /** Origins besides this one the web app may send requests to: the object storage that takes uploads. */
  connectSrc?: string[];
}

/** Creates the app with everything that must run before routes. Call finishHttpApp after adding routes. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 'loopback, linklocal, uniquelocal');
  app.use(securityHeaders(options.connectSrc ?? []));
  app.use((req: Request, res: Response, next: NextFunction) => observeRequest(req, res, options, next));
  for (const rawPath of options.rawBodyPaths ?? []) {
    // Read before the JSON parser: a consumed body is left alone by express.json.
    app.post(rawPath, express.raw({ type: () => true, limit: JSON_BODY_LIMIT }));
  }
  if (options.parseJson !== false) app.use(express.json({ limit: JSON_BODY_LIMIT }));
  return app;
}

/** A middleware on node's own request and response, as helmet's and the gateway's edge are. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** helmet, as every answer carries it: the content security policy below, no framing, no MIME sniffing. */
export function securityHeaders(connectSrc: string[]): NodeMiddleware {
  return helmet({
    contentSecurityPolicy: contentSecurityPolicy(connectSrc),
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
}

export interface RequestObserverOptions {
  logger: Logger;
  metrics?: ServiceMetrics;
}

/**
 * Gives a request its id (the caller's, when it is a plain token) on the request, its answer and what it calls,
 * runs the rest of its handling in that context, and once it is answered records its duration and logs it
 * (probes aside). Works on the bare node request, so the gateway's /api edge observes requests as express does.
 */
export function observeRequest(req: IncomingMessage, res: ServerResponse, options: RequestObserverOptions, next: () => void): void {
  const requestId = sanitizeRequestId(req.headers['x-request-id']) ?? newRequestId();
  req.requestId = requestId;
  req.headers['x-request-id'] = requestId;
  res.setHeader('x-request-id', requestId);
  const path = pathnameOf(req);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    options.metrics?.httpDuration.observe({ method: req.method ?? '', route: routeLabel(req), status: String(res.statusCode) }, seconds);
    if (!isProbe(path)) {
      options.logger.info(
        { requestId, method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 1000) },
        'request',
      );
    }
  });
  runWithContext({ requestId }, next);
}

/** The path of a request's URL, as express's req.path: no query, not decoded. */
export function pathnameOf(req: Pick<IncomingMessage, 'url'>): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * What the built web app needs and nothing more: its own scripts only (no inline script, no eval), no
 * framing. Styles may be inline: antd writes its component styles into <style> elements at run time and
 * antd and React Flow set style attributes, and a static index.html can give neither a nonce; a style cannot
 * run script. data: and blob: images are the diagram exports (html-to-image) and local previews; blob:
 * media is a picked video whose duration is read before upload.
 */
export function contentSecurityPolicy(connectSrc: string[]): { useDefaults: false; directives: Record<string, string[]> } {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...connectSrc],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** Adds the JSON 404 and the one error handler; never a stack trace in a response. */
export function finishHttpApp(app: Express, logger: Logger): Express {
  app.use((req: Request, res: Response) => {
    res.status(404).json({ message: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => answerError(req, res, error, logger));
  return app;
}

/** Answers a failed request: its AppError as JSON, never a stack trace; a response already under way is cut off. */
export function answerError(req: IncomingMessage, res: ServerResponse, error: unknown, logger: Logger): void {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    logger.error({ err: error, requestId: req.requestId, path: pathnameOf(req) }, 'request failed');
  }
  sendError(res, appError);
}

/** Writes an AppError as the answer (status, Retry-After where it applies, the JSON body) on the bare node response. */
export function sendError(res: ServerResponse, error: AppError): void {
  if (res.headersSent) {
    // A response cut off mid-stream must look broken to the client, not complete.
    res.destroy();
    return;
  }
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  const body = JSON.stringify(error.toBody());
  res.statusCode = error.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Seconds to wait before trying again: what a 429 says, and a short while for any 503. */
function retryAfterOf(error: AppError): number | undefined {
  const asked = error.extras.retryAfter;
  if (typeof asked === 'number' && asked > 0) return Math.ceil(asked);
  return error.status === 503 ? RETRY_AFTER_UNAVAILABLE_SEC : undefined;
}

/** How long a server goes on reading a request it answered early before it lets the connection go. */
export const EARLY_ANSWER_LINGER_MS = 2000;

const lingering = new WeakSet<IncomingMessage>();

export interface LingerOptions {
  /** The body still streams on somewhere (the gateway to the service that answered): drop it only once that stops. */
  forwarding?: boolean;
  lingerMs?: number;
}

/**
 * For an answer given before the whole body was read (an upload refused with 413). The connection cannot
 * serve another request, so the answer says `Connection: close`; but closing a socket with unread bytes
 * makes the kernel reset the connection, and a client (or the gateway) still sending then loses the answer.
 * So the socket only half-closes after the answer, the rest of the body is read and dropped, and the
 * connection goes when the body ends or after lingerMs, by when the client has read the answer.
 */
export function lingerAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, options: LingerOptions = {}): void {
  if (req.complete || lingering.has(req)) return;
  lingering.add(req);
  const socket = req.socket;
  res.setHeader('Connection', 'close');
  // Node destroys a `Connection: close` socket right after the answer; this one half-closes and keeps reading.
  socket.destroySoon = () => {
    socket.end();
  };
  res.once('finish', () => {
    const timer = setTimeout(() => socket.destroy(), options.lingerMs ?? EARLY_ANSWER_LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
    if (req.readableEnded) socket.destroy();
    else req.once('end', () => socket.destroy());
    if (!options.forwarding) discardUnreadBody(req);
  });
}

/** Reads the rest of a request body into nothing, from whatever it was piped to (a service that hung up). */
export function discardUnreadBody(req: IncomingMessage): void {
  req.unpipe();
  req.resume();
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
  // A database or bus that is down for a moment: the request was fine, and the same one will work again.
  if (isUnavailableError(error)) return new AppError(503, DEPENDENCY_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE');
  return new AppError(500, 'Internal server error', 'INTERNAL');
}

/** The express route that answered ('unmatched' for middleware such as the gateway's proxies). */
function routeLabel(req: IncomingMessage): string {
  const { route, baseUrl } = req as Partial<Pick<Request, 'route' | 'baseUrl'>>;
  const path = (route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${baseUrl ?? ''}${path}` : 'unmatched';
}

function isProbe(path: string): boolean {
  return path === '/healthz' || path === '/readyz' || path === '/metrics';
}
