/**
 * OCR of one frame with PaddleOCR's PP-OCRv4 models run by ONNX Runtime on the CPU (`@gutenye/ocr-node`),
 * reading the same prepared image as TesseractEngine and answering in the same shape. The package is not a
 * dependency: the reader comparison (ocr-compare.ts) loads it on first use from the folder it was installed in
 * (`npm install --ignore-scripts @gutenye/ocr-node` outside the repository), and the product never does.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Box } from '../../../services/analysis/src/pipeline/types';
import type { PreparedImage } from '../../../services/analysis/src/pipeline/ocr/frame-images';
import type { Window } from '../../../services/analysis/src/pipeline/ocr/incremental';
import type { OcrLine, OcrWord } from '../../../services/analysis/src/pipeline/ocr/tesseract-engine';

/** A detected text box as the package gives it: four corners, clockwise from the top left. */
interface LineImage {
  box: number[][];
}

interface RecognizedLine {
  text: string;
  mean: number;
}

interface Models {
  detection: { run(image: Buffer): Promise<LineImage[]> };
  recognition: { run(lines: LineImage[]): Promise<RecognizedLine[]> };
  toPng(gray: Uint8Array, width: number, height: number): Promise<Buffer>;
}

/** The detector reads images whose sides are multiples of this; padding with white keeps boxes in place. */
const DETECTOR_STRIDE = 32;
/** ONNX Runtime threads per reading: the pipeline runs one engine per core. */
const THREADS = 1;

/**
 * A detected box's text as words. The recogniser gives one string per box; each word gets the share of the
 * box's width its characters take, which is close for the proportional fonts of UI text.
 */
function wordsOfBox(text: string, confidence: number, box: Box): OcrWord[] {
  const length = text.length;
  if (length === 0) return [];
  const words: OcrWord[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    words.push({
      text: match[0],
      confidence,
      box: { x: box.x + (box.width * start) / length, y: box.y, width: (box.width * (end - start)) / length, height: box.height },
    });
  }
  return words;
}

/** The upright rectangle around a detected box's corners. */
function boundsOf(corners: readonly number[][]): Box {
  const xs = corners.map((corner) => corner[0] ?? 0);
  const ys = corners.map((corner) => corner[1] ?? 0);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Gray pixels on a white canvas whose sides are multiples of the detector's stride. */
function padToStride(pixels: Uint8Array, width: number, height: number): { pixels: Uint8Array; width: number; height: number } {
  const paddedWidth = Math.max(DETECTOR_STRIDE, Math.ceil(width / DETECTOR_STRIDE) * DETECTOR_STRIDE);
  const paddedHeight = Math.max(DETECTOR_STRIDE, Math.ceil(height / DETECTOR_STRIDE) * DETECTOR_STRIDE);
  if (paddedWidth === width && paddedHeight === height) return { pixels, width, height };
  const padded = new Uint8Array(paddedWidth * paddedHeight).fill(255);
  for (let y = 0; y < height; y += 1) padded.set(pixels.subarray(y * width, (y + 1) * width), y * paddedWidth);
  return { pixels: padded, width: paddedWidth, height: paddedHeight };
}

function hasRun(value: unknown): value is { run: (...args: never[]) => unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { run?: unknown }).run === 'function';
}

async function loadModels(installDir: string, threads: number): Promise<Models> {
  const fromInstall = createRequire(path.join(installDir, 'package.json'));
  let nodeEntry: string;
  try {
    nodeEntry = fromInstall.resolve('@gutenye/ocr-node');
  } catch (cause) {
    throw new Error(`@gutenye/ocr-node is not installed in ${installDir}`, { cause });
  }
  const fromNode = createRequire(nodeEntry);
  // Importing the Node package registers its backend (sharp, onnxruntime-node, the bundled models) with
  // the common package, whose detector and recogniser are used directly: its Ocr class merges boxes on one
  // row into a line, losing where one group of words ends and the next begins.
  await import(pathToFileURL(nodeEntry).href);
  const models = (await import(pathToFileURL(path.join(path.dirname(fromNode.resolve('@gutenye/ocr-common')), 'models/index.js')).href)) as {
    Detection?: { create(options: object): Promise<unknown> };
    Recognition?: { create(options: object): Promise<unknown> };
  };
  const sharpModule = (await import(pathToFileURL(fromNode.resolve('sharp')).href)) as { default?: unknown };
  const sharp = sharpModule.default;
  if (!models.Detection || !models.Recognition || typeof sharp !== 'function') {
    throw new Error(`@gutenye/ocr-node in ${installDir} does not have the expected detector, recogniser and sharp`);
  }
  const onnxOptions = { intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential' };
  const [detection, recognition] = await Promise.all([
    models.Detection.create({ onnxOptions }),
    models.Recognition.create({ onnxOptions }),
  ]);
  if (!hasRun(detection) || !hasRun(recognition)) throw new Error('@gutenye/ocr-node models have no run()');
  const encode = sharp as (input: Uint8Array, options: object) => { png(options: object): { toBuffer(): Promise<Buffer> } };
  return {
    detection: detection as Models['detection'],
    recognition: recognition as Models['recognition'],
    toPng: (gray, width, height) => encode(gray, { raw: { width, height, channels: 1 } }).png({ compressionLevel: 0 }).toBuffer(),
  };
}

export class PaddleEngine {
  private models: Promise<Models> | undefined;

  /** `installDir`: the folder `@gutenye/ocr-node` was installed in (its node_modules' parent). */
  constructor(private readonly installDir: string) {}

  private start(): Promise<Models> {
    if (!this.models) {
      const loading = loadModels(this.installDir, THREADS);
      loading.catch(() => {
        if (this.models === loading) this.models = undefined;
      });
      this.models = loading;
    }
    return this.models;
  }

  /** Loads the models now rather than on the first frame; a failure surfaces again on the first frame. */
  warmUp(): void {
    this.start().catch(() => undefined);
  }

  /** Reads the prepared image, or only a window of it; boxes come back in the pixels of the frame part prepared. */
  async recognize(prepared: PreparedImage, signal?: AbortSignal, window?: Window): Promise<OcrLine[]> {
    const { scale } = prepared;
    const { region, pixels } = window ?? {
      region: { x0: 0, y0: 0, x1: prepared.width, y1: prepared.height },
      pixels: prepared.cleaned,
    };
    signal?.throwIfAborted();
    const models = await this.start();
    const padded = padToStride(pixels, region.x1 - region.x0, region.y1 - region.y0);
    const boxes = await models.detection.run(await models.toPng(padded.pixels, padded.width, padded.height));
    const toFrame = (box: Box): Box => ({
      x: (box.x + region.x0) / scale,
      y: (box.y + region.y0) / scale,
      width: box.width / scale,
      height: box.height / scale,
    });
    const lines: OcrLine[] = [];
    // The recogniser reads one box at a time either way; box by box, each keeps its own text.
    for (const detected of boxes) {
      signal?.throwIfAborted();
      const box = toFrame(boundsOf(detected.box));
      const [read] = await models.recognition.run([detected]);
      const text = read?.text.trim() ?? '';
      if (!read || text === '') continue;
      const confidence = read.mean * 100;
      lines.push({ text, confidence, box, words: wordsOfBox(text, confidence, box) });
    }
    return lines.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  }

  /** ONNX Runtime frees a session's memory when it is collected; dropping the models is enough. */
  async close(): Promise<void> {
    this.models = undefined;
  }
}
