/**
 * Text files packed in a ZIP whose bytes depend on the files alone, so an archive download can be kept as a golden
 * file and two exports of one plan are identical.
 */
import { strToU8, zipSync } from 'fflate';

/** One file of the archive: its path inside the archive ('/'-separated) and its UTF-8 text. */
export type ZipTextFile = readonly [path: string, text: string];

export function zipTextFiles(files: readonly ZipTextFile[]): Uint8Array {
  const entries = Object.fromEntries(files.map(([path, text]) => [path, strToU8(text)]));
  return zipSync(entries, { level: 6, mtime: dosEpoch() });
}

/**
 * 1980-01-01 00:00, the earliest time a ZIP entry can carry. fflate writes an entry's time from the Date's
 * local-time fields, so the Date is built from local fields on each call: the stamp is then the same in every
 * time zone, as reproducible builds (Python wheels, Debian packages) stamp theirs.
 */
function dosEpoch(): Date {
  return new Date(1980, 0, 1, 0, 0, 0);
}
