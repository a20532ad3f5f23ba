/**
 * HTTP load from a process of its own, so the measured product never shares its CPU time slices with it: wrk
 * when it is installed (`apt-get install wrk`, `brew install wrk`), else autocannon's command line from the npm
 * registry. On a 2-core machine the generator's CPU is taken from the product, and more from a product of
 * several processes: wrk spends about a third of autocannon's CPU per request. BENCH_LOAD_GENERATOR=wrk or
 * autocannon picks one.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '@tracklens/kit';
import { runForJson } from './child';

export const CONNECTIONS = 50;
export const WARM_UP_SECONDS = 2;
export const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

type LoadGeneratorName = 'wrk' | 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Requests answered in the measured window. */
  requests: number;
  non2xx: number;
  /** Connection errors and timeouts (both generators count a timeout among their errors too). */
  errors: number;
  timeouts: number;
  /** Every request that did not answer 2xx. */
  failed: number;
}

type Generator = (url: string, seconds: number, headers: Record<string, string>) => Promise<LoadFigures>;

/** The subset of autocannon's --json result read here. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const autocannon: Generator = async (url, seconds, headers) => {
  const args = [require.resolve('autocannon'), '--json', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { value: result } = await runForJson<AutocannonResult>(process.execPath, args);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    failed: result.non2xx + result.errors,
  };
};

/** What wrk-report.lua prints when wrk is done: its summary, errors by kind and latency percentiles in µs. */
interface WrkReport {
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50Us: number;
  p99Us: number;
}

const WRK_REPORT = path.join(repoRoot, 'deploy', 'bench', 'src', 'load', 'wrk-report.lua');

const wrk: Generator = async (url, seconds, headers) => {
  // One thread: the generator keeps to one core, as autocannon's single process does.
  const args = ['-t1', '-c', String(CONNECTIONS), '-d', `${seconds}s`, '-s', WRK_REPORT];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const { value: report } = await runForJson<WrkReport>('wrk', args);
  const errors = report.connect + report.read + report.write + report.timeout;
  return {
    requestsPerSecond: report.requests / (report.durationUs / 1e6),
    p50: report.p50Us / 1000,
    p99: report.p99Us / 1000,
    requests: report.requests,
    non2xx: report.status,
    errors,
    timeouts: report.timeout,
    failed: report.status + errors,
  };
};

/** wrk answers `--version` when it is installed; spawning it fails with ENOENT when it is not. */
function wrkInstalled(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

function chooseGenerator(): LoadGeneratorName {
  const asked = process.env.BENCH_LOAD_GENERATOR;
  if (asked === 'wrk' || asked === 'autocannon') return asked;
  if (asked) throw new Error(`BENCH_LOAD_GENERATOR must be wrk or autocannon, not ${asked}`);
  return wrkInstalled() ? 'wrk' : 'autocannon';
}

export const LOAD_GENERATOR: LoadGeneratorName = chooseGenerator();
const generate: Generator = LOAD_GENERATOR === 'wrk' ? wrk : autocannon;

/** A warm-up run (connections, JIT, caches), then the measured run; each a fresh generator process. */
export async function measureLoad(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  await warmUp(url, headers);
  return generate(url, MEASURE_SECONDS, headers);
}

/** Load that is not measured, for `seconds`. */
export async function warmUp(url: string, headers: Record<string, string> = {}, seconds = WARM_UP_SECONDS): Promise<void> {
  await generate(url, seconds, headers);
}
