/** HTTP load with autocannon's command line, a process of its own: the measured product never shares its CPU time slices with it. */
import { runForJson } from './child';

export const CONNECTIONS = 50;
export const WARM_UP_SECONDS = 2;
export const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const AUTOCANNON_CLI = require.resolve('autocannon');

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Requests answered in the measured window. */
  requests: number;
  /** Sent but neither answered nor failed when the window closed (at most one per connection in a healthy run). */
  unanswered: number;
  non2xx: number;
  /** Connection errors and timeouts (autocannon counts a timeout among its errors too). */
  errors: number;
  timeouts: number;
  /** Every request that did not answer 2xx. */
  failed: number;
}

/** The subset of autocannon's --json result read here. */
interface AutocannonResult {
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function autocannon(url: string, seconds: number, headers: Record<string, string>): Promise<LoadFigures> {
  const args = [AUTOCANNON_CLI, '--json', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { value: result } = await runForJson<AutocannonResult>(process.execPath, args);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    unanswered: Math.max(0, result.requests.sent - result.requests.total - result.errors),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    failed: result.non2xx + result.errors,
  };
}

/** A warm-up run (connections, JIT, caches), then the measured run; each a fresh autocannon process. */
export async function measureLoad(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  await warmUp(url, headers);
  return autocannon(url, MEASURE_SECONDS, headers);
}

/** Load that is not measured, for `seconds`. */
export async function warmUp(url: string, headers: Record<string, string> = {}, seconds = WARM_UP_SECONDS): Promise<void> {
  await autocannon(url, seconds, headers);
}
