/** One proxy per service: forwards admitted requests unchanged (full path, headers, streamed body). */
import http from 'node:http';
import type { Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { AppError, type Logger, type ServiceName } from '@tracklens/kit';
import type { AdmittedRoutes } from './edge-guard';

/** Errors that mean nothing answers at the target address, as opposed to a peer that answered badly. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

export interface UpstreamProxyOptions {
  service: ServiceName;
  /** The service's base URL (config.services.<name>.url). */
  target: string;
  admitted: AdmittedRoutes;
  agent: http.Agent;
  logger: Logger;
}

export function createUpstreamProxy(options: UpstreamProxyOptions): RequestHandler<Request, Response> {
  const { service, target, admitted, agent, logger } = options;
  return createProxyMiddleware<Request, Response>({
    target,
    pathFilter: (_pathname, req) => admitted.get(req)?.service === service,
    // x-request-id and the session cookie travel with the other request headers; xfwd adds x-forwarded-*.
    xfwd: true,
    agent,
    on: {
      error: (error, req, res) => {
        const answer = proxyErrorFor(service, error);
        logger.warn(
          {
            requestId: req.requestId,
            upstream: service,
            path: req.path,
            error: errorCode(error) ?? error.message,
          },
          'upstream request failed',
        );
        if (!(res instanceof http.ServerResponse)) {
          res.destroy();
          return;
        }
        // Part of the upstream answer is already on its way: cutting the connection is the only honest signal.
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.status(answer.status).json(answer.toBody());
      },
    },
  });
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
