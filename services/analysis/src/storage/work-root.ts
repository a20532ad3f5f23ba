/** The scratch folders of analysis runs: one per attempt, removed after it; what a killed process left is swept at start. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ScratchSpace } from '../domain/ports';

/** Older than this, a run folder belongs to no live run (no analysis runs this long). */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

export async function sweepWorkRoot(root: string, now = Date.now()): Promise<void> {
  await fs.mkdir(root, { recursive: true });
  for (const entry of await fs.readdir(root)) {
    const folder = path.join(root, entry);
    const stat = await fs.stat(folder).catch(() => null);
    if (stat && now - stat.mtimeMs > ABANDONED_AFTER_MS) await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

export function workRootScratch(root: string): ScratchSpace {
  return {
    async open(videoId) {
      const folder = path.join(root, `${videoId.replace(/[^A-Za-z0-9-]/g, '_')}-${randomUUID().slice(0, 8)}`);
      await fs.mkdir(folder, { recursive: true });
      return folder;
    },
    framesOf: (folder) => path.join(folder, 'frames'),
    remove: (folder) => fs.rm(folder, { recursive: true, force: true }).catch(() => undefined),
  };
}
