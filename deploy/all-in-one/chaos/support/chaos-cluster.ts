/**
 * The distributed start (startCluster: seven services and the gateway, each its own process, on PostgreSQL and
 * NATS JetStream) as the chaos suite drives it: fresh databases and its own NATS namespace, every process's log
 * lines kept, and signals sent to named processes with a printed timeline of what was done when.
 */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SERVICE_NAMES, type ServiceName } from '@tracklens/kit';
import {
  TEST_NATS_PREFIX,
  externalDatabaseUrl,
  externalNatsUrl,
  freePortEnv,
  freshDatabaseUrl,
  tempDir,
} from '@tracklens/kit/testing';
import { startCluster, type Cluster } from '../../src/cluster';

export type ProcessName = ServiceName | 'gateway';

/** One JSON log line of a process (or of the launcher), stamped when the suite received it. */
export interface LogLine {
  at: number;
  process: string;
  fields: Record<string, unknown>;
}

/**
 * A quota reservation nobody confirms is given back this long after it was made. Short here so that a unit a
 * crash left behind is seen coming back within the suite's 10 s recovery bound; the product's default is longer.
 */
export const CHAOS_RESERVATION_TTL_SECONDS = 5;

/** What each check prints as it goes: `[chaos +12.34 s] SIGKILL media (pid 4242): right after the upload PUT`. */
export class Timeline {
  private readonly startedAt = Date.now();

  seconds(at: number = Date.now()): string {
    return ((at - this.startedAt) / 1000).toFixed(2);
  }

  note(text: string, at: number = Date.now()): void {
    process.stdout.write(`[chaos +${this.seconds(at)} s] ${text}\n`);
  }
}

/** A process the launcher started again after a signal ended it. */
export interface Restart {
  pid: number;
  /** When the launcher saw the old process end. */
  exitedAt: number;
  /** How it ended: 'SIGKILL', 'code 0' ... */
  exit: string;
  /** When the launcher started the new process. */
  restartedAt: number;
  /** When the new process first answered its /readyz with 200. */
  readyAt: number;
}

export interface ChaosClusterOptions {
  /** Names the databases (tl_<label>_<random>_<service>). */
  label: string;
  /** info: the suite times kills by the processes' own log lines; warn spares the test process under load. */
  logLevel?: 'info' | 'warn';
}

export class ChaosCluster {
  readonly timeline = new Timeline();
  private readonly lines: LogLine[] = [];
  private readonly waiters: Array<{ accepts: (line: LogLine) => boolean; resolve: (line: LogLine) => void }> =
    [];
  private cluster: Cluster | undefined;

  private constructor(
    readonly env: NodeJS.ProcessEnv,
    private readonly dataDir: string,
  ) {}

  static async start(options: ChaosClusterOptions): Promise<ChaosCluster> {
    if (!externalDatabaseUrl || !externalNatsUrl) {
      throw new Error(
        'The chaos suite runs the distributed start on PostgreSQL and NATS: set DATABASE_URL and NATS_URL',
      );
    }
    const dataDir = tempDir('tracklens-chaos-');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      APP_ENV: 'test',
      LOG_LEVEL: options.logLevel ?? 'info',
      DATA_DIR: dataDir,
      DATABASE_URL: await freshDatabaseUrl(options.label),
      NATS_URL: externalNatsUrl,
      NATS_PREFIX: TEST_NATS_PREFIX,
      QUOTA_RESERVATION_TTL_SECONDS: String(CHAOS_RESERVATION_TTL_SECONDS),
      ...(await freePortEnv()),
    };
    // The built-in development checkout and the offline generators: no payment or model provider is called.
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_PRICE_ID',
      'STRIPE_WEBHOOK_SECRET',
      'PAYMENTS_DISABLED',
      'OPENAI_API_KEY',
    ]) {
      delete env[name];
    }
    const chaos = new ChaosCluster(env, dataDir);
    const startedAt = Date.now();
    chaos.cluster = await startCluster({
      env,
      readyTimeoutMs: 120_000,
      onOutput: (name, text) => chaos.received(name, text),
      logger: pino({ level: 'info' }, chaos.launcherSink()),
    });
    chaos.timeline.note(
      `cluster of ${Object.keys(chaos.cluster.pids).length} processes ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    return chaos;
  }

  /** The gateway, where users come in. */
  get url(): string {
    return `http://127.0.0.1:${this.env.GATEWAY_PORT}`;
  }

  /** A service's own HTTP address (its /readyz), behind the gateway. */
  serviceUrl(name: ServiceName): string {
    return `http://127.0.0.1:${this.env[`${name.toUpperCase()}_HTTP_PORT`]}`;
  }

  pid(name: ProcessName): number {
    const pid = this.running.pids[name];
    if (!pid || pid < 0) throw new Error(`${name} has no running process`);
    return pid;
  }

  /** Sends `signal` to the current process of `name`, and says so on the timeline. */
  signal(name: ProcessName, signal: NodeJS.Signals, why: string): { pid: number; at: number } {
    const pid = this.pid(name);
    process.kill(pid, signal);
    const at = Date.now();
    this.timeline.note(`${signal} ${name} (pid ${pid}): ${why}`, at);
    return { pid, at };
  }

  /**
   * Waits for the launcher to see `name`'s process `oldPid` end (after a signal sent at `signalledAt`) and start it
   * again, then for the new process's readiness; notes each on the timeline.
   */
  async restarted(
    name: ServiceName,
    oldPid: number,
    signalledAt: number,
    timeoutMs = 60_000,
  ): Promise<Restart> {
    const exited = await this.launcherLine(
      (fields) => fields.process === name && fields.pid === oldPid && fields.level === 50,
      signalledAt,
      timeoutMs,
    );
    const exit = exited.fields.signal ? String(exited.fields.signal) : `code ${String(exited.fields.code)}`;
    const line = await this.launcherLine(
      (fields) =>
        fields.msg === `${name} restarted` && typeof fields.pid === 'number' && fields.pid !== oldPid,
      exited.at,
      timeoutMs,
    );
    const pid = line.fields.pid as number;
    const readyAt = await this.untilReady(name, timeoutMs);
    this.timeline.note(
      `${name} exited (${exit}) ${ms(exited.at - signalledAt)} after the signal; restarted by the launcher (pid ${pid}) ${ms(line.at - exited.at)} later, ready ${ms(readyAt - line.at)} after that`,
      line.at,
    );
    return { pid, exitedAt: exited.at, exit, restartedAt: line.at, readyAt };
  }

  /** Resolves with the first line of `process` received since `since` (default: from now on) that `accepts`. */
  logged(
    process: ProcessName,
    accepts: (fields: Record<string, unknown>) => boolean,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<LogLine> {
    return this.firstLine(
      (line) => line.process === process && accepts(line.fields),
      options.since ?? Date.now(),
      options.timeoutMs ?? 60_000,
      `a log line of ${process}`,
    );
  }

  /** Lines of `process` received since `since` that `accepts`. */
  linesOf(process: ProcessName, accepts: (fields: Record<string, unknown>) => boolean, since = 0): LogLine[] {
    return this.lines.filter((line) => line.process === process && line.at >= since && accepts(line.fields));
  }

  /** The last lines of a process, for a failure's message. */
  tail(process: ProcessName, count = 30): string {
    return this.lines
      .filter((line) => line.process === process)
      .slice(-count)
      .map((line) => JSON.stringify(line.fields))
      .join('\n');
  }

  async stop(): Promise<void> {
    await this.cluster?.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  private get running(): Cluster {
    if (!this.cluster) throw new Error('the cluster is not running');
    return this.cluster;
  }

  private async untilReady(name: ServiceName, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ready = await fetch(`${this.serviceUrl(name)}/readyz`, {
        signal: AbortSignal.timeout(2000),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status === 200;
        },
        () => false,
      );
      if (ready) return Date.now();
      if (Date.now() > deadline)
        throw new Error(`${name} not ready ${timeoutMs} ms after its restart:\n${this.tail(name)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private launcherLine(
    accepts: (fields: Record<string, unknown>) => boolean,
    since: number,
    timeoutMs: number,
  ): Promise<LogLine> {
    return this.firstLine(
      (line) => line.process === 'launcher' && accepts(line.fields),
      since,
      timeoutMs,
      'line of the launcher',
    );
  }

  private firstLine(
    accepts: (line: LogLine) => boolean,
    since: number,
    timeoutMs: number,
    what: string,
  ): Promise<LogLine> {
    const seen = this.lines.find((line) => line.at >= since && accepts(line));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        accepts,
        resolve: (line: LogLine) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${what} came within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private received(process: string, text: string): void {
    let fields: Record<string, unknown>;
    try {
      fields = JSON.parse(text) as Record<string, unknown>;
    } catch {
      fields = { msg: text };
    }
    const line = { at: Date.now(), process, fields };
    this.lines.push(line);
    for (const waiter of this.waiters.filter((candidate) => candidate.accepts(line))) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  }

  private launcherSink(): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        for (const text of chunk.toString().split('\n')) if (text.trim()) this.received('launcher', text);
        done();
      },
    });
  }
}

export function ms(duration: number): string {
  return duration >= 1000 ? `${(duration / 1000).toFixed(2)} s` : `${Math.round(duration)} ms`;
}

export const SERVICES: readonly ServiceName[] = SERVICE_NAMES;
