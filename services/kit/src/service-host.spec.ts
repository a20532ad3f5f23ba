import http from 'node:http';
import express from 'express';
import { HttpDrain, closeServer, listen } from './service-host';

describe(listen.name, () => {
  it("should raise Node's requestTimeout when asked (long uploads) and keep the default otherwise", async () => {
    const raised = await listen(express(), '127.0.0.1', 0, { requestTimeoutMs: 3_600_000 });
    const plain = await listen(express(), '127.0.0.1', 0);
    try {
      expect(raised.requestTimeout).toBe(3_600_000);
      expect(plain.requestTimeout).toBe(300_000);
    } finally {
      await closeServer(raised);
      await closeServer(plain);
    }
  });
});

describe(HttpDrain.name, () => {
  /** Keep-alive, as the gateway's agent: only the server's answer can say the connection ends. */
  const agent = new http.Agent({ keepAlive: true });
  afterAll(() => agent.destroy());

  function get(port: number, path: string): Promise<{ status: number; connection: string | undefined }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        })
        .on('error', reject);
    });
  }

  it('should answer what is in flight and what comes during the drain, each with Connection: close, then refuse', async () => {
    const drain = new HttpDrain();
    const app = express();
    app.get('/slow', (_req, res) => {
      setTimeout(() => res.send('done'), 300);
    });
    app.get('/ready', (_req, res) => {
      res.status(drain.draining ? 503 : 200).end();
    });
    const server = await listen(app, '127.0.0.1', 0);
    drain.attach(server);
    const port = (server.address() as { port: number }).port;
    expect(await get(port, '/ready')).toEqual({ status: 200, connection: 'keep-alive' });

    const inFlight = get(port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = drain.stop(server, 150);
    expect(await get(port, '/ready')).toEqual({ status: 503, connection: 'close' });
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    await stopped;
    await expect(get(port, '/ready')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
