/** Real stand-ins for the services: express apps that echo what reached them, and identity's CheckSession over gRPC. */
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import {
  SERVICE_NAMES,
  closeServer,
  listen,
  loadGrpcService,
  startGrpcServer,
  type Config,
  type RunningGrpcServer,
  type ServiceName,
} from '@tracklens/kit';
import { silentLogger } from '@tracklens/kit/testing';

/** What an upstream saw of one request. */
export interface Echo {
  service: ServiceName;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
  bodySha256: string;
}

export interface Upstreams {
  /** Every request the services received, oldest first. */
  received: Echo[];
  /** Requests that carried each RESET_HEADER, RESET_ONCE_HEADER or RESET_TWICE_HEADER value, dropped or not. */
  attempts: Map<string, number>;
  stop(): Promise<void>;
}

export interface UpstreamOptions {
  /** Services not to start (their port stays closed). */
  skip?: ServiceName[];
  /** Runs when a service has read a request, before it answers. */
  onRequest?: (echo: Echo) => void;
  /** Answers a request itself instead of the echo when it returns true (e.g. a service's /debug endpoints). */
  respond?: (echo: Echo, res: Response) => boolean;
  /** Services whose own /readyz answers 503, as when their database is down. */
  notReady?: ServiceName[];
}

/** Sent by a test to make the service drop the connection without answering, every time. */
export const RESET_HEADER = 'x-test-reset';
/** Sent by a test to make the service drop the connection without answering, the first time that value comes. */
export const RESET_ONCE_HEADER = 'x-test-reset-once';
/** Sent by a test to make the service drop the connection without answering, the first two times that value comes. */
export const RESET_TWICE_HEADER = 'x-test-reset-twice';
/** How many times each reset header's value is dropped before the service answers it. */
const RESETS: Record<string, number> = { [RESET_HEADER]: Number.POSITIVE_INFINITY, [RESET_ONCE_HEADER]: 1, [RESET_TWICE_HEADER]: 2 };
export const NOT_READY_DATABASE = 'error: connect ECONNREFUSED 127.0.0.1:5432';

export async function startUpstreams(config: Config, options: UpstreamOptions = {}): Promise<Upstreams> {
  const received: Echo[] = [];
  const attempts = new Map<string, number>();
  const servers: Server[] = [];
  const count = (value: string) => {
    const seen = (attempts.get(value) ?? 0) + 1;
    attempts.set(value, seen);
    return seen;
  };
  for (const service of SERVICE_NAMES) {
    if (options.skip?.includes(service)) continue;
    const app = express();
    app.get('/healthz', (_req: Request, res: Response) => {
      res.json({ status: 'ok', service });
    });
    app.get('/readyz', (_req: Request, res: Response) => {
      if (options.notReady?.includes(service)) {
        res.status(503).json({ status: 'not_ready', service, checks: { database: NOT_READY_DATABASE, bus: 'ok' } });
        return;
      }
      res.json({ status: 'ready', service, checks: { database: 'ok', bus: 'ok' } });
    });
    app.use((req: Request, res: Response) => {
      const dropped = Object.entries(RESETS).some(([header, times]) => {
        const value = req.headers[header];
        return typeof value === 'string' && count(value) <= times;
      });
      if (dropped) {
        req.socket.destroy();
        return;
      }
      const hash = createHash('sha256');
      let bodyBytes = 0;
      req.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length;
        hash.update(chunk);
      });
      req.on('end', () => {
        const echo: Echo = {
          service,
          method: req.method,
          url: req.originalUrl,
          headers: req.headers,
          bodyBytes,
          bodySha256: hash.digest('hex'),
        };
        received.push(echo);
        options.onRequest?.(echo);
        if (options.respond?.(echo, res)) return;
        res.json(echo);
      });
    });
    servers.push(await listen(app, '127.0.0.1', config.services[service].httpPort));
  }
  return {
    received,
    attempts,
    stop: async () => {
      await Promise.all(servers.map((server) => closeServer(server)));
    },
  };
}

export interface FakeIdentity {
  /** Sessions CheckSession reports as no longer active. */
  ended: Set<string>;
  /** CheckSession calls answered so far. */
  calls: () => number;
  stop(): Promise<void>;
}

interface CheckSessionRequest {
  session_id: string;
  user_id: string;
}

export async function startFakeIdentity(config: Config): Promise<FakeIdentity> {
  const ended = new Set<string>();
  let calls = 0;
  const server: RunningGrpcServer = await startGrpcServer(
    [
      {
        service: loadGrpcService(
          config.protoDir,
          'identity/v1/identity.proto',
          'identity.v1.IdentityService',
        ),
        implementation: {
          CheckSession: async (request: CheckSessionRequest) => {
            calls += 1;
            return { active: !ended.has(request.session_id) };
          },
        },
      },
    ],
    { host: '127.0.0.1', port: config.services.identity.grpcPort },
    silentLogger,
  );
  return { ended, calls: () => calls, stop: () => server.stop() };
}

/** Reads an echo out of a response body, failing the test when the gateway answered something else. */
export function echoOf(response: { status: number; body: unknown }): Echo {
  const body = response.body;
  if (typeof body !== 'object' || body === null || !('service' in body) || !('bodySha256' in body)) {
    throw new Error(`expected an upstream echo, got ${response.status} ${JSON.stringify(body)}`);
  }
  return body as Echo;
}
