/**
 * OCR of one frame with tesseract.js and its bundled English model: no download at run time. One worker
 * is started lazily and reused for every frame.
 */
import path from 'node:path';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import type { Box } from '../types';
import type { PreparedImage } from './frame-images';

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

/** The image tesseract read and the lines it found. */
export interface OcrPage extends Omit<PreparedImage, 'cleaned'> {
  lines: OcrLine[];
}

/** The LSTM-only model: smaller and faster than the legacy+LSTM one, and the better reader of screen text. */
function bundledLanguagePath(): string {
  const packageJson = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(packageJson), '4.0.0_best_int');
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

  /** Loads the model now rather than on the first frame; a failure here surfaces again on that frame. */
  warmUp(): void {
    this.start().catch(() => {
      this.worker = undefined;
    });
  }

  /**
   * Reads the prepared image; word boxes come back in the pixels of the frame part that was prepared
   * (the viewport's own when there is one). `image` replaces the prepared pixels (the same image with parts blanked out).
   */
  async recognize(prepared: PreparedImage, signal?: AbortSignal, image: Uint8Array = prepared.cleaned): Promise<OcrLine[]> {
    const { width: w, height: h, scale } = prepared;
    const pgm = Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`, 'ascii'), Buffer.from(image)]);
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
    return lines;
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
