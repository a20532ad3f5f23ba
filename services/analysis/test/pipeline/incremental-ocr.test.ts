import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { createOcrUnderstander } from '../../src/pipeline';
import {
  bandsShare,
  blankOutside,
  changedBands,
  linesOutside,
  thumbnail,
  thumbnailDistance,
  widenToLines,
} from '../../src/pipeline/ocr/incremental';
import type { KeyFrame } from '../../src/pipeline/types';
import { findFont } from '../fixtures/synthetic-video';

const run = promisify(execFile);
const W = 320;
const H = 200;

function image(fill: number): Uint8Array {
  return new Uint8Array(W * H).fill(fill);
}

function paintRows(target: Uint8Array, y0: number, y1: number, value: number, x0 = 0, x1 = W): void {
  for (let y = y0; y < y1; y += 1) target.fill(value, y * W + x0, y * W + x1);
}

const line = (y: number, height: number) => ({ box: { x: 10, y, width: 100, height } });

describe('incremental OCR bands', () => {
  it('should find no band between identical images or under JPEG-sized noise', () => {
    const a = image(240);
    const b = a.map((value, i) => value - (i % 7) * 4);
    expect(changedBands(a, a, W, H)).toEqual([]);
    expect(changedBands(a, b, W, H)).toEqual([]);
  });

  it('should return the changed rows with a margin, merging close changes', () => {
    const a = image(255);
    const b = image(255);
    paintRows(b, 100, 110, 0, 50, 60);
    paintRows(b, 118, 120, 0, 200, 210);
    paintRows(b, 180, 184, 0, 0, 8);
    const bands = changedBands(a, b, W, H);
    expect(bands).toHaveLength(2);
    expect(bands[0]?.y0).toBeLessThanOrEqual(100);
    expect(bands[0]?.y1).toBeGreaterThanOrEqual(120);
    expect(bands[1]?.y0).toBeLessThanOrEqual(180);
    expect(bands[1]?.y1).toBeGreaterThanOrEqual(184);
    expect(bandsShare(bands, H)).toBeLessThan(0.4);
  });

  it('should widen bands over the whole lines they cut and keep only the lines outside them', () => {
    const lines = [line(10, 12), line(40, 20), line(90, 14)];
    const bands = widenToLines([{ y0: 50, y1: 56 }], lines, 1, H);
    expect(bands).toEqual([{ y0: 38, y1: 62 }]);
    expect(linesOutside(lines, bands, 1)).toEqual([lines[0], lines[2]]);
    // Lines are in frame pixels; bands in OCR pixels (here twice as many).
    expect(widenToLines([{ y0: 100, y1: 104 }], lines, 2, H)).toEqual([{ y0: 78, y1: 122 }]);
  });

  it('should whiten everything outside the bands', () => {
    const dark = image(0);
    const out = blankOutside(dark, W, [{ y0: 20, y1: 30 }]);
    expect(out[19 * W]).toBe(255);
    expect(out[20 * W]).toBe(0);
    expect(out[29 * W + W - 1]).toBe(0);
    expect(out[30 * W]).toBe(255);
  });

  it('should rank a nearly equal image closer than a different one by thumbnail', () => {
    const a = image(255);
    paintRows(a, 20, 40, 0);
    const nearly = Uint8Array.from(a);
    paintRows(nearly, 150, 152, 0, 0, 30);
    const other = image(255);
    paintRows(other, 120, 180, 0);
    const thumb = thumbnail(a, W, H);
    expect(thumbnailDistance(thumb, thumbnail(nearly, W, H))).toBeLessThan(thumbnailDistance(thumb, thumbnail(other, W, H)));
  });
});

describe('createOcrUnderstander on frames that repeat each other', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'incremental-ocr-'));
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function render(name: string, lines: string[]): Promise<KeyFrame> {
    const font = findFont();
    const draw = lines
      .map((text, i) => `drawtext=fontfile=${font}:text='${text}':x=80:y=${80 + i * 90}:fontsize=30:fontcolor=0x111111`)
      .join(',');
    const imagePath = path.join(dir, `${name}.jpg`);
    await run(ffmpegInstaller.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=white:s=1280x720:d=1', '-vf', draw, '-frames:v', '1', '-q:v', '3', imagePath]);
    return { index: 0, timeSec: 0, startSec: 0, endSec: 1, imagePath, width: 1280, height: 720, scrolledFromPrevious: false, changedRegions: [] };
  }

  it('should read a frame that differs in one line the same as reading it alone', async () => {
    const first = await render('first', ['Order history', 'Shipping address', 'Payment method', 'Gift wrapping']);
    const changed = await render('changed', ['Order history', 'Shipping address', 'Delivery window', 'Gift wrapping']);
    const frames = [first, { ...changed, index: 1 }, { ...first, index: 2 }];

    const incremental = createOcrUnderstander({ workers: 1 });
    const alone = createOcrUnderstander({ workers: 1 });
    try {
      const [readFirst, readChanged, readAgain] = await incremental.understand(frames);
      const [changedAlone] = await alone.understand([changed]);
      expect(readChanged?.words).toEqual(expect.arrayContaining(['delivery', 'window', 'order', 'history', 'gift']));
      expect(readChanged?.words).not.toContain('payment');
      expect(new Set(readChanged?.words)).toEqual(new Set(changedAlone?.words));
      expect(readAgain?.words).toEqual(readFirst?.words);
    } finally {
      await incremental.close?.();
      await alone.close?.();
    }
  }, 60_000);
});
