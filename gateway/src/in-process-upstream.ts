/**
 * The all-in-one start's way to a service: its express app called with the request itself, so a request
 * crosses no loopback connection, no second HTTP parser and no copy of its body. The service runs exactly the
 * code it runs behind the proxy; the one thing the hop used to carry, the client's address (X-Forwarded-For),
 * is handed over as the address the gateway decided on.
 */
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { ServiceName } from '@tracklens/kit';
import type { AdmittedRoutes } from './edge-guard';

export interface InProcessUpstreamOptions {
  service: ServiceName;
  app: Express;
  admitted: AdmittedRoutes;
}

export function createInProcessUpstream(options: InProcessUpstreamOptions): RequestHandler {
  const { service, app, admitted } = options;
  return (req: Request, res: Response, next: NextFunction) => {
    if (admitted.get(req)?.service !== service) return next();
    // The service's app computes req.ip with its own trust rules from the socket, which here is the client's
    // own: the gateway's answer, made with GATEWAY_TRUST_PROXY, is the one that counts.
    Object.defineProperty(req, 'ip', { value: req.ip, configurable: true, enumerable: true });
    app(req, res, next);
  };
}
