/** A real local HTTP server for unit tests: each test sets how the next requests are answered. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: RecordedRequest, response: http.ServerResponse) => void;

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  let handler: Handler = (_request, response) => {
    response.statusCode = 500;
    response.end('no handler');
  };
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  statusMessage?: string,
): void {
  response.statusCode = status;
  if (statusMessage) response.statusMessage = statusMessage;
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify(body));
}

/**
 * A fresh server for each test of the calling file, with fetch pointed at it (as in a browser, relative URLs
 * resolve against the page's origin, here the server);
 * fetch is restored and the server closed after each test. The returned server is always the current one.
 */
export function useTestServer(): TestServer {
  const realFetch = globalThis.fetch;
  let current: TestServer | undefined;
  const server = (): TestServer => {
    if (!current) throw new Error('the test server runs only inside a test');
    return current;
  };
  beforeEach(async () => {
    const started = await startTestServer();
    current = started;
    globalThis.fetch = (input, init) => realFetch(new URL(String(input), started.baseUrl), init);
  });
  afterEach(async () => {
    globalThis.fetch = realFetch;
    await current?.close();
    current = undefined;
  });
  return {
    get baseUrl() {
      return server().baseUrl;
    },
    get requests() {
      return server().requests;
    },
    handle: (handler) => server().handle(handler),
    close: () => server().close(),
  };
}
