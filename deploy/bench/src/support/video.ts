/** The videos the benches upload: the product's sample demo, and a 500 MB file that is still a valid MP4. */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { repoRoot } from '@tracklens/kit';
import { MAX_VIDEO_BYTES } from '@tracklens/contracts';

/** The demo a new user is offered (web/public), else the first recording of the analysis fixtures. */
export function sampleVideo(): string {
  const demo = path.join(repoRoot, 'web', 'public', 'sample-demo.mp4');
  if (fs.existsSync(demo)) return demo;
  const fixtures = path.join(repoRoot, 'services', 'analysis', '.fixtures');
  const first = fs.existsSync(fixtures) ? fs.readdirSync(fixtures).find((name) => name.endsWith('.mp4')) : undefined;
  if (!first) throw new Error(`no sample video: neither ${demo} nor an .mp4 in ${fixtures}`);
  return path.join(fixtures, first);
}

const BLOCK_BYTES = 1024 * 1024;
/** An MP4 box header: 32-bit size, then the type. */
const BOX_HEADER_BYTES = 8;

/**
 * A file of exactly the upload limit (500 MB, 500 * 2^20 bytes): the sample video, then one `free` box filling
 * the rest with a repeated random 1 MB block. Players and ffprobe skip a free box, so media accepts the file as
 * the sample video; the bytes are incompressible, so nothing on the way can make them cheaper than a real video's.
 */
export function makeLargeVideo(dir: string, bytes = MAX_VIDEO_BYTES): string {
  const file = path.join(dir, `upload-${bytes}.mp4`);
  if (fs.existsSync(file) && fs.statSync(file).size === bytes) return file;
  const sample = fs.readFileSync(sampleVideo());
  const fill = bytes - sample.length;
  if (fill < BOX_HEADER_BYTES) throw new Error(`the sample video is larger than ${bytes} bytes`);
  const header = Buffer.alloc(BOX_HEADER_BYTES);
  header.writeUInt32BE(fill, 0);
  header.write('free', 4, 'latin1');
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, sample);
    fs.writeSync(fd, header);
    const block = randomBytes(BLOCK_BYTES);
    for (let left = fill - BOX_HEADER_BYTES; left > 0; left -= BLOCK_BYTES) {
      fs.writeSync(fd, block, 0, Math.min(BLOCK_BYTES, left));
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}
