/** Stops the product started by global-setup and removes its DATA_DIR. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as Record<string, unknown>).__TRACKLENS_E2E__ as
    { child: ChildProcess; dataDir: string } | undefined;
  if (!state) return;
  const { child, dataDir } = state;
  if (child.exitCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    await Promise.race([exited, timeout]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
