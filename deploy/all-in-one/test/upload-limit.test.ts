/**
 * An upload longer than its URL allows, through the real gateway to the real media service in its own process
 * (as in the distributed start): media answers 413 before reading the rest and closes while the gateway is still
 * sending the body. Every try must reach the user as media's 413 'File too large', never as a 502 or a dropped
 * connection.
 */
import http from 'node:http';
import path from 'node:path';
import { startGateway, type RunningGateway } from '@tracklens/gateway';
import { loadConfig, type Config } from '@tracklens/kit';
import { freePort, freePortEnv, freshDatabaseUrl, silentLogger, startLoggingChild, tempDir, type LoggingChild } from '@tracklens/kit/testing';
import { Visitor } from './product';

const TRIES = 40;
const DECLARED_SIZE = 1000;
const SENT_SIZE = 4 * 1024 * 1024;
const BODY = Buffer.alloc(SENT_SIZE, 7);

interface Answer {
  status: number | string;
  body: string;
}

describe('an upload longer than its URL allows, through the gateway', () => {
  let config: Config;
  let services: LoggingChild;
  let gateway: RunningGateway;
  let visitor: Visitor;
  let productId: string;

  beforeAll(async () => {
    // The services in a process of their own (all-in-one, whose own gateway stays unused); the gateway under test here.
    const env: Record<string, string> = { APP_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: tempDir(), ...(await freePortEnv()) };
    const databaseUrl = await freshDatabaseUrl('upload-limit');
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const allInOneDir = path.join(__dirname, '..');
    services = startLoggingChild(path.join(allInOneDir, 'src', 'main.ts'), allInOneDir, env);
    await services.logged(`Tracklens is running at http://localhost:${env.GATEWAY_PORT}`);
    config = loadConfig({ ...env, GATEWAY_PORT: String(await freePort()) });
    gateway = await startGateway({ config, logger: silentLogger });
    visitor = new Visitor(`http://127.0.0.1:${gateway.port}`);
    const registered = await visitor.call('POST', '/api/register', {
      name: 'Hedy Lamarr',
      email: `hedy.${Date.now()}@example.com`,
      password: 'frequency hopping',
    });
    expect(registered.status).toBe(201);
    const created = await visitor.call('POST', '/api/products/create-without-video', {
      name: 'Anvil Shop',
      type: 'website',
      description: 'Sells anvils to coyotes worldwide.',
    });
    expect(created.status).toBe(201);
    productId = created.body.id;
    // Longer than the child's own start-up wait (90 s), so a slow start fails here with the child's output instead
    // of the hook timing out while its body goes on to start a gateway nothing stops.
  }, 180_000);

  afterAll(async () => {
    await gateway?.stop();
    services?.process.kill('SIGTERM');
    await services?.exited;
  });

  async function uploadUrl(): Promise<{ path: string; headers: Record<string, string> }> {
    const asked = await visitor.call('POST', '/api/uploads', {
      productId,
      fileName: 'demo.mp4',
      contentType: 'video/mp4',
      fileSize: DECLARED_SIZE,
    });
    expect(asked.status).toBe(201);
    return { path: asked.body.uploadUrl, headers: asked.body.headers };
  }

  /** Sends SENT_SIZE bytes as one body, as a browser sends a file; the answer counts from its first byte, whatever the socket does after. */
  function put(target: { path: string; headers: Record<string, string> }, declareLength: boolean): Promise<Answer> {
    return new Promise((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port: gateway.port,
        method: 'PUT',
        path: target.path,
        agent: false,
        headers: {
          ...target.headers,
          cookie: visitor.sessionCookie,
          ...(declareLength ? { 'content-length': String(SENT_SIZE) } : { 'transfer-encoding': 'chunked' }),
        },
      });
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (!answered) resolve({ status: `no answer: ${error.code ?? error.message}`, body: '' });
      });
      req.end(BODY);
    });
  }

  it(`should answer 413 'File too large' on each of ${TRIES} tries`, async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < TRIES; i += 1) {
      // Half declare their length (refused before a byte is read), half stream chunked (cut at the limit).
      answers.push(await put(await uploadUrl(), i % 2 === 0));
    }
    const summary = answers.map((a) => `${a.status} ${a.body}`);
    expect(summary).toEqual(Array.from({ length: TRIES }, () => '413 {"message":"File too large","code":"PAYLOAD_TOO_LARGE"}'));
  });
});
