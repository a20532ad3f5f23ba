/**
 * Golden files of the export writers: a writer's output is compared byte for byte with the file kept beside the
 * writers (src/exports/golden). `UPDATE_GOLDEN=1` rewrites them; the diff is then read in review like code.
 */
import fs from 'node:fs';
import path from 'node:path';

const GOLDEN_DIR = path.join(__dirname, '..', 'exports', 'golden');

export function goldenPath(name: string): string {
  return path.join(GOLDEN_DIR, name);
}

/** The golden bytes of `name`, written first from `actual` when UPDATE_GOLDEN=1. */
export function golden(name: string, actual: string | Uint8Array): Buffer {
  const file = goldenPath(name);
  if (process.env.UPDATE_GOLDEN === '1') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, actual);
  }
  if (!fs.existsSync(file)) throw new Error(`No golden file ${name}: run the test once with UPDATE_GOLDEN=1 and review it`);
  return fs.readFileSync(file);
}
