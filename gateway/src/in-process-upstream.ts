/**
 * The all-in-one start's way to a service: its express app called with the request itself, so a request
 * crosses no loopback connection, no second HTTP parser and no copy of its body. The service runs exactly the
 * code it runs behind the proxy; the one thing the hop used to carry, the client's address (X-Forwarded-For),
 * is handed over as the address the gateway decided on.
 */
import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import type { Upstream } from './edge-guard';

export interface InProcessUpstreamOptions {
  app: Express;
  /** The client's address as the gateway's trust rules read it. */
  clientAddress: (req: IncomingMessage) => string;
}

export function createInProcessUpstream(options: InProcessUpstreamOptions): Upstream {
  const { app, clientAddress } = options;
  return (req, res) => {
    // The service's app computes req.ip with its own trust rules from the socket, which here is the client's
    // own: the gateway's answer, made with GATEWAY_TRUST_PROXY, is the one that counts.
    Object.defineProperty(req, 'ip', { value: clientAddress(req), configurable: true, enumerable: true });
    // The service's app answers every request, an unknown one or a failure included (finishHttpApp).
    app(req, res);
  };
}
