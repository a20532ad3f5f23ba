/**
 * Benchmark: authenticated GET /api/user/me at 50 concurrent connections, through the gateway and straight
 * to identity, on the all-in-one product with a fresh data folder. Prints requests/s, p50 and p99 and the ratio.
 */
import autocannon from 'autocannon';
import { startAllInOne } from '@tracklens/all-in-one';
import { loadConfig } from '@tracklens/kit';
import { freePortEnv, tempDir } from '@tracklens/kit/testing';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, cookie: string): Promise<Figures> {
  // Warm up connections and caches first; the measured run follows.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { cookie } });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: { cookie } });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: tempDir('tracklens-bench-'),
    ...(await freePortEnv()),
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  if (process.env.NATS_URL) env.NATS_URL = process.env.NATS_URL;
  const config = loadConfig(env);
  const product = await startAllInOne(config);
  try {
    const gateway = `http://127.0.0.1:${config.gatewayPort}`;
    const res = await fetch(`${gateway}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench User', email: `bench.${Date.now()}@example.com`, password: 'benchmark password' }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (res.status !== 201 || !cookie) throw new Error(`registration failed: ${res.status}`);

    const viaGateway = await measure(`${gateway}/api/user/me`, cookie);
    const direct = await measure(`http://127.0.0.1:${config.services.identity.httpPort}/api/user/me`, cookie);
    const row = (name: string, f: Figures) =>
      `${name.padEnd(22)} ${f.requestsPerSecond.toFixed(0).padStart(8)} ${`${f.p50} ms`.padStart(9)} ${`${f.p99} ms`.padStart(9)} ${String(f.non2xx).padStart(8)}`;
    process.stdout.write(
      [
        '',
        `GET /api/user/me, ${CONNECTIONS} connections, ${DURATION_SECONDS} s, database ${product.services[0]?.runtime.database.kind}, bus ${product.services[0]?.runtime.bus.kind}`,
        `${'target'.padEnd(22)} ${'req/s'.padStart(8)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'errors'.padStart(8)}`,
        row('through the gateway', viaGateway),
        row('identity directly', direct),
        `gateway / direct throughput ratio: ${(viaGateway.requestsPerSecond / direct.requestsPerSecond).toFixed(2)}`,
        `gateway - direct p50 latency: ${(viaGateway.p50 - direct.p50).toFixed(1)} ms`,
        '',
      ].join('\n'),
    );
    if (viaGateway.non2xx > 0 || direct.non2xx > 0) process.exitCode = 1;
  } finally {
    await product.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
