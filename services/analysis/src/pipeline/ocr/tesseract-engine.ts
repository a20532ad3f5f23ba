/**
 * OCR of one frame with tesseract.js and the English model bundled in assets: no download at run time. One worker
 * is started lazily and reused for every frame, and, with `idleMs`, for the next videos until it has been
 * idle that long: starting one costs over a CPU-second (the model, compiling the engine's hot code).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import type { Box } from '../types';
import type { PreparedImage } from './frame-images';
import type { Window } from './incremental';

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

/** The line with its box and every word's box moved by `move` (into another image's pixels). */
export function withBoxes(line: OcrLine, move: (box: Box) => Box): OcrLine {
  return { ...line, box: move(line.box), words: line.words.map((word) => ({ ...word, box: move(word.box) })) };
}

/** The image tesseract read and the lines it found. */
export interface OcrPage extends Omit<PreparedImage, 'cleaned'> {
  lines: OcrLine[];
}

/**
 * tessdata_fast's English model (services/analysis/assets/tessdata-fast, Apache-2.0): LSTM-only and integer,
 * it reads screen text as well as tessdata_best's integer model in about three quarters of the time.
 */
const LANGUAGE_PATH = path.join(__dirname, '../../../assets/tessdata-fast');

/** A 480x120 grey PNG of a heading, a line of links and a line of small text (services/analysis/assets). */
const WARM_UP_IMAGE = path.join(__dirname, '../../../assets/ocr-warm-up.png');

/** tesseract.js's worker script with the engine's console output silenced (plain JS: it runs as a worker thread). */
const QUIET_WORKER = path.join(__dirname, '../../../assets/tesseract-worker.js');

export interface TesseractEngineOptions {
  /** Terminates the worker after this long without a reading; without it, only close() does. */
  idleMs?: number;
}

export class TesseractEngine {
  private worker: Promise<Worker> | undefined;
  private warming: Promise<void> = Promise.resolve();
  private readings = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: TesseractEngineOptions = {}) {}

  /** A worker is running or starting. */
  get started(): boolean {
    return this.worker !== undefined;
  }

  private start(): Promise<Worker> {
    this.worker ??= (async () => {
      const worker = await createWorker(
        'eng',
        1,
        {
          langPath: LANGUAGE_PATH,
          workerPath: QUIET_WORKER,
          cacheMethod: 'none',
          gzip: true,
          // A failed job already rejects its own promise; without a handler tesseract.js also throws it
          // uncaught, which ends the process.
          errorHandler: () => undefined,
        },
        // An init config file: tesseract writes its notes ('Detected 12 diacritics', ...) nowhere rather than
        // format them for the silenced console.
        'debug_file /dev/null',
      );
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
   * Loads the model now rather than on the first frame, and reads a few lines of UI text: the engine's
   * first reading is slow (a quarter of a second more on a full frame), better spent while the video is
   * still being decoded. A failure to load surfaces again on the first frame. A worker already started
   * is warm.
   */
  warmUp(): void {
    if (this.worker) return;
    const started = this.start();
    started.catch(() => {
      this.worker = undefined;
    });
    // close() waits for it: tesseract.js fails unhandled when a job goes to a terminated worker.
    this.warming = started
      .then(async (worker) => worker.recognize(await fs.promises.readFile(WARM_UP_IMAGE)))
      .then(
        () => undefined,
        () => undefined,
      );
  }

  /**
   * Reads the prepared image, or only a window of it; word boxes come back in the pixels of the frame part
   * that was prepared (the viewport's own when there is one).
   */
  async recognize(prepared: PreparedImage, signal?: AbortSignal, window?: Window): Promise<OcrLine[]> {
    const { scale } = prepared;
    const { region, pixels } = window ?? {
      region: { x0: 0, y0: 0, x1: prepared.width, y1: prepared.height },
      pixels: prepared.cleaned,
    };
    const lines = await this.readPixels(pixels, region.x1 - region.x0, region.y1 - region.y0, signal);
    const toFrame = (box: Box): Box => ({
      x: (box.x + region.x0) / scale,
      y: (box.y + region.y0) / scale,
      width: box.width / scale,
      height: box.height / scale,
    });
    return lines.map((line) => withBoxes(line, toFrame));
  }

  /** Reads a gray image; boxes come back in its own pixels. */
  async readPixels(
    pixels: Uint8Array,
    width: number,
    height: number,
    signal?: AbortSignal,
  ): Promise<OcrLine[]> {
    const pgm = Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), Buffer.from(pixels)]);
    signal?.throwIfAborted();
    const result = await this.reading(async () => {
      const worker = await this.start();
      return this.untilAborted(worker.recognize(pgm, {}, { blocks: true, text: false }), signal);
    });
    const boxOf = (bbox: { x0: number; y0: number; x1: number; y1: number }): Box => ({
      x: bbox.x0,
      y: bbox.y0,
      width: bbox.x1 - bbox.x0,
      height: bbox.y1 - bbox.y0,
    });
    const lines: OcrLine[] = [];
    for (const block of result.data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words = line.words
            .map((word) => ({ text: word.text.trim(), confidence: word.confidence, box: boxOf(word.bbox) }))
            .filter((word) => word.text.length > 0);
          if (words.length === 0) continue;
          lines.push({
            text: words.map((word) => word.text).join(' '),
            confidence: line.confidence,
            box: boxOf(line.bbox),
            words,
          });
        }
      }
    }
    return lines;
  }

  /** Runs a reading; the idle countdown starts when the last reading in flight ends. */
  private async reading<T>(read: () => Promise<T>): Promise<T> {
    clearTimeout(this.idleTimer);
    this.readings += 1;
    try {
      return await read();
    } finally {
      this.readings -= 1;
      const { idleMs } = this.options;
      if (this.readings === 0 && idleMs !== undefined) {
        this.idleTimer = setTimeout(() => void this.close().catch(() => undefined), idleMs);
        this.idleTimer.unref();
      }
    }
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
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await this.warming;
    if (worker) await (await worker).terminate();
  }
}
