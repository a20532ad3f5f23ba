/**
 * Benchmark of the request path: authenticated GETs at 50 connections through the gateway and straight to the
 * owning service, on the product started as its own process (all-in-one, and distributed when PostgreSQL and
 * NATS are reachable), with the load generator in yet another process. A bare node:http server answering the
 * same /api/user/me body is the reference line. Prints req/s, p50, p99 and failed requests per route and target,
 * and the gateway/direct ratios; writes results/request-path.json; exits 1 when any request failed.
 * Run: `node deploy/bench/dist/request-path.bench.js [--start=all-in-one,distributed] [--route=user-me,products,tracking-plans]`
 * (BENCH_SECONDS sets the measured seconds, default 10).
 */
import { SESSION_COOKIE, type ServiceName } from '@tracklens/kit';
import { call, createProduct, registerUser } from './support/api';
import { loadScript, startForJson, stopProcess } from './support/child';
import { CONNECTIONS, LOAD_GENERATOR, MEASURE_SECONDS, WARM_UP_SECONDS, measureLoad, warmUp, type LoadFigures } from './support/load';
import { START_KINDS, distributedBacking, forEachStart, removeDataDir, startProduct, type StartKind } from './support/product';
import { chosen, fixed, line, printHeader, printTable, progress, runBench, writeResults } from './support/report';

/** Unmeasured load per target before a route's first measurement. */
const ROUTE_WARM_UP_SECONDS = 6;

const ROUTE_NAMES = ['user-me', 'products', 'tracking-plans'] as const;
type RouteName = (typeof ROUTE_NAMES)[number];

interface Route {
  /** The service that owns the route: the direct target. */
  service: ServiceName;
  path: (productId: string) => string;
  /** As printed, the product id a placeholder. */
  label: string;
}

const ROUTES: Record<RouteName, Route> = {
  'user-me': { service: 'identity', path: () => '/api/user/me', label: 'GET /api/user/me' },
  products: { service: 'catalog', path: () => '/api/products', label: 'GET /api/products' },
  'tracking-plans': {
    service: 'planning',
    path: (productId) => `/api/products/${productId}/tracking-plans`,
    label: 'GET /api/products/{id}/tracking-plans',
  },
};

interface Row {
  start: StartKind | 'reference';
  route: RouteName;
  path: string;
  target: 'gateway' | 'direct' | 'node:http';
  figures: LoadFigures;
}

interface Ratio {
  start: StartKind;
  route: RouteName;
  throughput: number;
  p99: number;
}

/** One start: the product up, a user with a product, then every chosen route through the gateway and directly. */
async function measureStart(start: StartKind, routes: readonly RouteName[]): Promise<{ rows: Row[]; reference: Reference } | { skipped: string }> {
  const backing = start === 'distributed' ? await distributedBacking('request_path') : undefined;
  if (backing && 'unavailable' in backing) return { skipped: backing.unavailable };
  progress(`starting ${start}`);
  const product = await startProduct(start, backing ? { backing } : {});
  try {
    const session = await registerUser(product.url);
    const created = await createProduct(product.url, session.cookie);
    const userMeBody = JSON.stringify(await call(`${product.url}/api/user/me`, session.cookie));
    const rows: Row[] = [];
    for (const route of routes) {
      const path = ROUTES[route].path(created.id);
      const urls = {
        gateway: `${product.url}${path}`,
        direct: `${product.serviceUrl(ROUTES[route].service)}${path}`,
      };
      // A service's first ten seconds or so under load run at half speed (its database connections and their
      // caches, the JIT): whichever target went first paid for it. Both are warmed before either is measured.
      progress(`${start}: warming GET ${path}`);
      for (const url of Object.values(urls)) await warmUp(url, { cookie: session.cookie }, ROUTE_WARM_UP_SECONDS);
      for (const target of ['gateway', 'direct'] as const) {
        progress(`${start}: ${target} GET ${path}`);
        const figures = await measureLoad(urls[target], { cookie: session.cookie });
        rows.push({ start, route, path, target, figures });
      }
    }
    return { rows, reference: { body: userMeBody, cookie: session.cookie } };
  } finally {
    await product.stop();
    removeDataDir(product.dataDir);
  }
}

/** What the reference server answers, and the cookie it is sent: a real session's, so requests weigh the same. */
interface Reference {
  body: string;
  cookie: string;
}

/** The bare node:http line, answering the body identity answered. */
async function measureReference({ body, cookie }: Reference): Promise<Row> {
  const script = loadScript('reference-server');
  const { value, child } = await startForJson<{ port: number }>(script.command, script.args, {
    ...process.env,
    REFERENCE_SERVER_ARGS: JSON.stringify({ cookieName: SESSION_COOKIE, body }),
  });
  try {
    const path = '/api/user/me';
    progress(`reference: node:http GET ${path}`);
    const figures = await measureLoad(`http://127.0.0.1:${value.port}${path}`, { cookie });
    return { start: 'reference', route: 'user-me', path, target: 'node:http', figures };
  } finally {
    await stopProcess(child);
  }
}

function printRows(rows: Row[]): void {
  printTable(
    [
      { title: 'start', width: 11, align: 'left' },
      { title: 'route', width: 36, align: 'left' },
      { title: 'target', width: 9, align: 'left' },
      { title: 'requests', width: 8 },
      { title: 'req/s', width: 8 },
      { title: 'p50 ms', width: 7 },
      { title: 'p99 ms', width: 7 },
      { title: 'errors', width: 7 },
    ],
    rows.map((row) => [
      row.start,
      ROUTES[row.route].label,
      row.target,
      row.figures.requests,
      fixed(row.figures.requestsPerSecond, 0),
      fixed(row.figures.p50, 1),
      fixed(row.figures.p99, 1),
      row.figures.failed,
    ]),
  );
}

function ratios(rows: Row[]): Ratio[] {
  const found: Ratio[] = [];
  for (const gateway of rows.filter((row) => row.target === 'gateway')) {
    const direct = rows.find((row) => row.start === gateway.start && row.route === gateway.route && row.target === 'direct');
    if (!direct || gateway.start === 'reference') continue;
    found.push({
      start: gateway.start,
      route: gateway.route,
      throughput: gateway.figures.requestsPerSecond / direct.figures.requestsPerSecond,
      p99: gateway.figures.p99 / direct.figures.p99,
    });
  }
  return found;
}

async function main(): Promise<void> {
  const starts = chosen('start', START_KINDS);
  const routes = chosen('route', ROUTE_NAMES);
  const machine = printHeader('Request path: authenticated GETs through the gateway and straight to the owning service', [
    `load: ${LOAD_GENERATOR} in a separate process, ${CONNECTIONS} connections; each route first warmed ${ROUTE_WARM_UP_SECONDS} s per target, then per measurement ${WARM_UP_SECONDS} s warm-up and ${MEASURE_SECONDS} s measured; product in its own process(es)`,
    `starts: ${starts.join(', ')}; routes: ${routes.join(', ')}`,
  ]);

  const { results, skipped, failed } = await forEachStart(starts, (start) => measureStart(start, routes));
  const rows = results.flatMap((result) => result.rows);
  const reference = results[0]?.reference;
  if (reference && routes.includes('user-me')) rows.push(await measureReference(reference));

  const found = ratios(rows);
  printRows(rows);
  line();
  line('gateway / direct, per route (throughput: higher is better, 1.00 is no cost; p99: lower is better)');
  printTable(
    [
      { title: 'start', width: 11, align: 'left' },
      { title: 'route', width: 15, align: 'left' },
      { title: 'req/s ratio', width: 11 },
      { title: 'p99 ratio', width: 9 },
    ],
    found.map((ratio) => [ratio.start, ratio.route, fixed(ratio.throughput, 2), fixed(ratio.p99, 2)]),
  );
  const failedRequests = rows.reduce((sum, row) => sum + row.figures.failed, 0);
  const file = writeResults('request-path', {
    machine,
    loadGenerator: `${LOAD_GENERATOR}, separate process`,
    connections: CONNECTIONS,
    warmUpSeconds: WARM_UP_SECONDS,
    seconds: MEASURE_SECONDS,
    rows,
    ratios: found,
    skipped,
    failed,
    failedRequests,
  });
  line(`\nfailed requests: ${failedRequests}; results in ${file}`);
  // A target that answered nothing within the window has no figures to compare: as much a failure as an error.
  const silent = rows.filter((row) => row.figures.requests === 0);
  for (const row of silent) line(`${row.start} ${row.target} ${ROUTES[row.route].label}: no answer within ${MEASURE_SECONDS} s`);
  if (failedRequests > 0 || silent.length > 0) process.exitCode = 1;
}

runBench(main);
