/**
 * OCR of one frame with tesseract.js and its bundled English model: no download at run time. One worker
 * is started lazily and reused for every frame.
 */
import path from 'node:path';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import { ffmpegPath, runProcess } from '../ffmpeg';
import type { Box } from '../types';
import type { ColorImage } from './active-item';
import { normalizePolarity } from './polarity';
import { removeRuledLines } from './ruled-lines';

export interface OcrWord {
  text: string;
  confidence: number;
  box: Box;
}

export interface OcrLine {
  text: string;
  confidence: number;
  box: Box;
  words: OcrWord[];
}

/** The grayscale image tesseract read, kept so the layout step can look at the pixels around text. */
export interface OcrPage {
  width: number;
  height: number;
  /** OCR pixels per frame pixel. */
  scale: number;
  gray: Uint8Array;
  /** The same image in colour: selected navigation items differ from their siblings by colour. */
  color: ColorImage;
  lines: OcrLine[];
}

/** The LSTM-only model: smaller and faster than the legacy+LSTM one, and the better reader of screen text. */
function bundledLanguagePath(): string {
  const packageJson = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(packageJson), '4.0.0_best_int');
}

/** Small text needs pixels: phone-sized frames are enlarged, very large frames reduced for speed. */
export function ocrScaleFor(width: number, height: number): number {
  const longSide = Math.max(width, height);
  if (width <= 600) return 2;
  if (width <= 1000) return 1.5;
  if (longSide > 2400) return 0.6;
  return 1;
}

/** Luma as a JPEG stores it (full-range BT.601), the same gray ffmpeg's format=gray gives. */
function toGray(rgb: Uint8Array, pixels: number): Uint8Array {
  const gray = new Uint8Array(pixels);
  for (let p = 0, i = 0; p < pixels; p += 1, i += 3) {
    gray[p] = Math.round(0.299 * (rgb[i] ?? 0) + 0.587 * (rgb[i + 1] ?? 0) + 0.114 * (rgb[i + 2] ?? 0));
  }
  return gray;
}

export class TesseractEngine {
  private worker: Promise<Worker> | undefined;

  private start(): Promise<Worker> {
    this.worker ??= (async () => {
      const worker = await createWorker('eng', 1, {
        langPath: bundledLanguagePath(),
        cacheMethod: 'none',
        gzip: true,
      });
      await worker.setParameters({
        tessedit_pageseg_mode: PSM.SPARSE_TEXT,
        user_defined_dpi: '96',
        tessedit_do_invert: '0',
      });
      return worker;
    })();
    return this.worker;
  }

  /**
   * Reads a frame, or only `crop` of it (frame pixels); word boxes come back in the pixels of what was
   * read (the crop's own when cropped).
   */
  async read(imagePath: string, width: number, height: number, signal?: AbortSignal, crop?: Box): Promise<OcrPage> {
    const area = crop ?? { x: 0, y: 0, width, height };
    const scale = ocrScaleFor(area.width, area.height);
    const w = 2 * Math.round((area.width * scale) / 2);
    const h = 2 * Math.round((area.height * scale) / 2);
    const cropFilter = crop ? `crop=${Math.round(crop.width)}:${Math.round(crop.height)}:${Math.round(crop.x)}:${Math.round(crop.y)},` : '';
    const raw = await runProcess(
      ffmpegPath,
      ['-v', 'error', '-nostdin', '-i', imagePath, '-vf', `${cropFilter}scale=${w}:${h}:flags=bicubic,format=rgb24`, '-f', 'rawvideo', 'pipe:1'],
      { signal },
    );
    const rgb = new Uint8Array(raw.subarray(0, w * h * 3));
    const gray = normalizePolarity(toGray(rgb, w * h), w, h);
    const cleaned = removeRuledLines(gray, w, h);
    const pgm = Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`, 'ascii'), Buffer.from(cleaned)]);
    signal?.throwIfAborted();
    const worker = await this.start();
    const result = await this.untilAborted(worker.recognize(pgm, {}, { blocks: true, text: false }), signal);
    const toFrame = (bbox: { x0: number; y0: number; x1: number; y1: number }): Box => ({
      x: bbox.x0 / scale,
      y: bbox.y0 / scale,
      width: (bbox.x1 - bbox.x0) / scale,
      height: (bbox.y1 - bbox.y0) / scale,
    });
    const lines: OcrLine[] = [];
    for (const block of result.data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words = line.words
            .map((word) => ({ text: word.text.trim(), confidence: word.confidence, box: toFrame(word.bbox) }))
            .filter((word) => word.text.length > 0);
          if (words.length === 0) continue;
          lines.push({
            text: words.map((word) => word.text).join(' '),
            confidence: line.confidence,
            box: toFrame(line.bbox),
            words,
          });
        }
      }
    }
    return { width: w, height: h, scale, gray, color: { width: w, height: h, rgb, scale }, lines };
  }

  /** A recognition cannot be interrupted: on abort the worker is terminated and a new one starts next time. */
  private untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) return work;
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        void this.close().catch(() => undefined);
        reject(signal.reason);
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }
}
