/** The scratch folders of analysis runs: one per run, removed after it; what a killed process left is swept at start. */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Older than this, a run folder belongs to no live run (a lease is renewed far more often). */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

export async function sweepWorkRoot(root: string, now = Date.now()): Promise<void> {
  await fs.mkdir(root, { recursive: true });
  for (const entry of await fs.readdir(root)) {
    const folder = path.join(root, entry);
    const stat = await fs.stat(folder).catch(() => null);
    if (stat && now - stat.mtimeMs > ABANDONED_AFTER_MS) await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}
