import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { TesseractEngine } from '../../src/pipeline/ocr/tesseract-engine';
import type { PreparedImage } from '../../src/pipeline/ocr/frame-images';

const run = promisify(execFile);

/** The engine's own warm-up picture (a heading, links, small text) as a prepared gray image. */
async function warmUpImage(): Promise<PreparedImage> {
  const png = path.join(__dirname, '../../assets/ocr-warm-up.png');
  const { stdout } = await run(ffmpegInstaller.path, ['-v', 'error', '-i', png, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    encoding: 'buffer',
  });
  const gray = new Uint8Array(stdout);
  const width = 480;
  const height = gray.length / width;
  return { width, height, scale: 1, gray, cleaned: gray, color: { width, height, rgb: new Uint8Array(width * height * 3), scale: 1 } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TesseractEngine', () => {
  it('keeps its worker between readings and stops it once idle for idleMs, starting again when needed', async () => {
    const image = await warmUpImage();
    const engine = new TesseractEngine({ idleMs: 300 });
    try {
      const first = await engine.recognize(image);
      expect(first.length).toBeGreaterThan(0);
      await sleep(100);
      expect(engine.started).toBe(true);
      const second = await engine.recognize(image);
      expect(second.map((line) => line.text)).toEqual(first.map((line) => line.text));
      await sleep(1000);
      expect(engine.started).toBe(false);
      const third = await engine.recognize(image);
      expect(third.map((line) => line.text)).toEqual(first.map((line) => line.text));
      expect(engine.started).toBe(true);
    } finally {
      await engine.close();
    }
    expect(engine.started).toBe(false);
  }, 60_000);

  it('without idleMs, keeps its worker until closed', async () => {
    const engine = new TesseractEngine();
    try {
      await engine.recognize(await warmUpImage());
      await sleep(500);
      expect(engine.started).toBe(true);
    } finally {
      await engine.close();
    }
  }, 60_000);
});
