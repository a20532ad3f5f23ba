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

/** What the process prints while the work runs, the worker thread's output included. */
async function printedDuring(work: () => Promise<void>): Promise<string[]> {
  const printed: string[] = [];
  const capture = (chunk: unknown) => {
    printed.push(String(chunk));
    return true;
  };
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await work();
    // A worker thread's output reaches the process streams a moment later.
    await sleep(200);
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return printed;
}

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

  it('prints nothing of its own: a page that makes tesseract note diacritics stays out of the process output', async () => {
    const image = await warmUpImage();
    // Specks over the whole picture: tesseract takes them for diacritics and says so on its stderr.
    const speckled = new Uint8Array(image.gray);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < speckled.length * 0.02; i += 1) speckled[Math.floor(random() * speckled.length)] = 0;
    const engine = new TesseractEngine();
    const printed = await printedDuring(async () => {
      try {
        await engine.recognize({ ...image, gray: speckled, cleaned: speckled });
        await engine.recognize(image);
      } finally {
        await engine.close();
      }
    });
    expect(printed).toEqual([]);
  }, 60_000);

  it('answers an image the engine cannot read with a rejection, printing nothing and staying usable', async () => {
    const image = await warmUpImage();
    // Fewer pixels than the header promises: leptonica refuses the picture and says so on its console.
    const truncated = { ...image, cleaned: image.cleaned.subarray(0, 50) };
    const engine = new TesseractEngine();
    const printed = await printedDuring(async () => {
      try {
        // tesseract.js rejects with the worker's message, a string.
        await expect(engine.recognize(truncated)).rejects.toEqual(expect.stringMatching(/read image/));
        expect((await engine.recognize(image)).length).toBeGreaterThan(0);
      } finally {
        await engine.close();
      }
    });
    expect(printed).toEqual([]);
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
