/**
 * One proxy per service: forwards admitted requests unchanged (full path, headers, streamed body), tries again
 * a request the service cannot have acted on, and always delivers an answer the service has given.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin, type Plugin } from 'http-proxy-middleware';
import {
  AppError,
  discardUnreadBody,
  lingerAfterEarlyAnswer,
  pathnameOf,
  sendError,
  type Logger,
  type ServiceName,
} from '@tracklens/kit';
import type { Upstream } from './edge-guard';

/** Errors that mean nothing answers at the target address, as opposed to a peer that answered badly. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** The connection was dropped under the request (a keep-alive socket the service closed as it was reused). */
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE']);
/**
 * Safe to send twice: a dropped connection may have reached the service. DELETE is not here: a second
 * DELETE of what the first one removed answers 404 for a delete that happened.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Waits before each new try of a request whose connection was refused: a service restarting (a rolling restart,
 * a crash the launcher repairs) is back within a few seconds, and a refused request never reached it.
 */
const REFUSED_RETRY_DELAYS_MS = [100, 200, 400, 800, 1200, 1600, 1600];
/**
 * Waits before each new try of a safe request whose connection was dropped. The first goes at once on a fresh
 * connection (a pooled socket the service closed as it was reused); the second after a pause, because a service
 * closing its listener resets the connections still in its backlog, so a fresh one can be dropped as well. A
 * refusal after that (the listener gone) continues on the refused schedule.
 */
const DROPPED_RETRY_DELAYS_MS = [0, 100];

export interface UpstreamProxyOptions {
  service: ServiceName;
  /** The service's base URL (config.services.<name>.url). */
  target: string;
  agent: http.Agent;
  logger: Logger;
}

type ProxyServer = Parameters<Plugin<IncomingMessage, ServerResponse>>[0];

export function createUpstreamProxy(options: UpstreamProxyOptions): Upstream {
  const { service, target, agent, logger } = options;
  /** Requests the service has started answering: a later error is the rest of their body failing to go. */
  const answered = new WeakSet<http.IncomingMessage>();
  const attempts = new WeakMap<http.IncomingMessage, number>();
  let proxyServer: ProxyServer | undefined;

  const retry = (req: IncomingMessage, res: ServerResponse, delayMs: number) => {
    attempts.set(req, (attempts.get(req) ?? 0) + 1);
    // A connection of its own: another pooled socket may be closing too. x-forwarded-* are on req already.
    const send = () => {
      if (!res.destroyed && !res.headersSent) proxyServer?.web(req, res, { target, agent: false, xfwd: false });
    };
    if (delayMs > 0) setTimeout(send, delayMs);
    else send();
  };

  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    // x-request-id and the session cookie travel with the other request headers; xfwd adds x-forwarded-*.
    xfwd: true,
    agent,
    // The default plugins but the logger, which builds a URL for every answer to log it: requests are logged
    // once, by observeRequest. The error-response plugin is left out already by the `error` handler below.
    ejectPlugins: true,
    plugins: [
      debugProxyErrorsPlugin,
      proxyEventsPlugin,
      (server) => {
        proxyServer = server;
      },
    ],
    on: {
      proxyReq: (proxyReq, req) => {
        // Connection is hop-by-hop: the client's 'close' is about its socket to the gateway. Passed on, it made a
        // service that answered before reading the body (a 400, a 415) hang up while the body was still being
        // written, and the client got 502 instead of the answer.
        if (proxyReq.getHeader('connection') !== undefined && !/upgrade/i.test(String(proxyReq.getHeader('connection')))) {
          proxyReq.removeHeader('connection');
        }
        // A service that answered early and then hung up reports no error: the rest of the body must still go somewhere.
        proxyReq.once('close', () => {
          if (answered.has(req) && !req.complete) discardUnreadBody(req);
        });
      },
      proxyRes: (proxyRes, req, res) => {
        answered.add(req);
        // Answered before the client finished sending (413 'File too large'): the client gets the answer
        // before its connection closes, as the service gave it to the gateway, and never reuses it.
        if (!req.complete) {
          proxyRes.headers.connection = 'close';
          lingerAfterEarlyAnswer(req, res, { forwarding: true });
        }
        // The service died mid-answer: the client must see a broken response, not a short one that looks whole.
        proxyRes.once('close', () => {
          if (!proxyRes.complete) res.destroy();
        });
      },
      error: (error, req, res) => {
        const code = errorCode(error);
        if (answered.has(req)) {
          // The service answered before reading the whole body and then closed: its answer goes on to the
          // client, and what is left of the body is read and dropped here.
          discardUnreadBody(req);
          return;
        }
        const log = { requestId: req.requestId, upstream: service, path: pathnameOf(req), error: code ?? error.message };
        const tried = attempts.get(req) ?? 0;
        const delay = retryDelayMs(req, code, tried);
        if (res instanceof http.ServerResponse && !res.headersSent && delay !== null) {
          logger.info({ ...log, attempt: tried + 1 }, 'upstream connection failed, retrying');
          retry(req, res, delay);
          return;
        }
        logger.warn(log, 'upstream request failed');
        // Part of the upstream answer is already on its way: cutting the connection is the only honest signal.
        if (!(res instanceof http.ServerResponse) || res.headersSent) {
          res.destroy();
          return;
        }
        sendError(res, proxyErrorFor(service, error));
      },
    },
  });
  return (req, res, fail) => void proxy(req, res, fail);
}

/**
 * How long to wait before trying again, or null not to. A refused connection never reached the service: it is
 * tried again while the service restarts. A dropped one may have reached it, so only a safe method goes again,
 * twice at most. A body has been streamed away already and cannot be sent twice.
 */
function retryDelayMs(req: http.IncomingMessage, code: string | undefined, tried: number): number | null {
  if (hasBody(req) || code === undefined) return null;
  if (code === 'ECONNREFUSED') return REFUSED_RETRY_DELAYS_MS[tried] ?? null;
  return DROPPED_CODES.has(code) && SAFE_METHODS.has(req.method ?? '') ? (DROPPED_RETRY_DELAYS_MS[tried] ?? null) : null;
}

function hasBody(req: http.IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function proxyErrorFor(service: ServiceName, error: Error): AppError {
  const code = errorCode(error);
  if (code && UNREACHABLE_CODES.has(code)) {
    return new AppError(
      503,
      `The ${service} service is unavailable. Please try again shortly.`,
      'SERVICE_UNAVAILABLE',
    );
  }
  return new AppError(502, 'Bad gateway', 'BAD_GATEWAY');
}

function errorCode(error: Error): string | undefined {
  const code: unknown = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : undefined;
}
