/** A service run as its own process by a test (crash tests kill it): its JSON log lines can be awaited. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface LoggingChild {
  process: ChildProcess;
  /** Resolves with the first log line whose msg is the given one; rejects when the child exits first. */
  logged(message: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the child wrote, stdout and stderr. */
  output(): string;
  /** SIGKILL unless it has exited already. */
  kill(): void;
}

/** Runs a TypeScript `script` through tsx in `cwd`, with `env` added to this process's environment. */
export function startLoggingChild(script: string, cwd: string, env: Record<string, string>): LoggingChild {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ message: string; resolve: (line: Record<string, unknown>) => void }> = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const text of complete) {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      lines.push(line);
      for (const waiter of waiters.filter((candidate) => candidate.message === line.msg)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    process: child,
    exited,
    output: () => output,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    logged: (message, timeoutMs = 90_000) => {
      const seen = lines.find((line) => line.msg === message);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no '${message}' within ${timeoutMs} ms:\n${output}`)),
          timeoutMs,
        );
        void exited.then(() => reject(new Error(`child exited before '${message}':\n${output}`)));
        waiters.push({
          message,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
      });
    },
  };
}
