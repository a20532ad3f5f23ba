/** The offline understanding step: OCR each key frame, then read the screen from text and layout. */
import os from 'node:os';
import type { Box, FrameUnderstanding, KeyFrame, ScreenUnderstander, UnderstandOptions } from '../types';
import { understandPage, type VideoContext } from './screen-layout';
import { area, blankOutside, compareCells, planRead, thumbnail, thumbnailDistance, type ReadPlan } from './incremental';
import { verticalShift } from '../frame-math';
import { pendingList } from '../streaming';
import { prepareFrames, type PreparedImage } from './frame-images';
import { TesseractEngine, type OcrLine, type OcrPage } from './tesseract-engine';

export interface OcrUnderstanderOptions {
  /** Tesseract workers reading frames at once (one per core, at most two: each holds ~100 MB). */
  workers?: number;
}

/** Past this share of the frame to read again, the change is checked for a scroll (tens of ms, against seconds of reading). */
const SCROLL_CHECK_SHARE = 0.05;

const DEFAULT_WORKERS = Math.max(1, Math.min(2, os.availableParallelism()));

export function createOcrUnderstander(options: OcrUnderstanderOptions = {}): ScreenUnderstander {
  const engines = Array.from({ length: Math.max(1, options.workers ?? DEFAULT_WORKERS) }, () => new TesseractEngine());
  return {
    async understand(frames: KeyFrame[], understandOptions: UnderstandOptions = {}): Promise<FrameUnderstanding[]> {
      const { signal, onFrameDone } = understandOptions;
      const pages = readAll(engines, frames, signal);
      const results: FrameUnderstanding[] = [];
      // Reading runs ahead on every worker; the layout step goes in order, since a frame may use what
      // earlier ones taught (where the home page was).
      const context: VideoContext = {};
      for (const [i, frame] of frames.entries()) {
        const page = await pages[i];
        if (!page) throw new Error(`frame ${i} was not read`);
        results.push(understandPage(page, frame.viewport ? viewportFrame(frame, frame.viewport) : frame, context));
        onFrameDone?.(results.length, frames.length);
      }
      return results;
    },
    warmUp: () => engines.forEach((engine) => engine.warmUp()),
    close: async () => {
      await Promise.all(engines.map((engine) => engine.close()));
    },
  };
}

/** The frame as if the recording were only its viewport: boxes move into the viewport's pixels. */
function viewportFrame(frame: KeyFrame, viewport: Box): KeyFrame {
  const local = (box: Box): Box | undefined => {
    const x0 = Math.max(box.x, viewport.x);
    const y0 = Math.max(box.y, viewport.y);
    const x1 = Math.min(box.x + box.width, viewport.x + viewport.width);
    const y1 = Math.min(box.y + box.height, viewport.y + viewport.height);
    return x1 > x0 && y1 > y0 ? { x: x0 - viewport.x, y: y0 - viewport.y, width: x1 - x0, height: y1 - y0 } : undefined;
  };
  const { viewport: _whole, overlay, ...rest } = frame;
  const inside: KeyFrame = {
    ...rest,
    width: viewport.width,
    height: viewport.height,
    changedRegions: frame.changedRegions.map(local).filter((box): box is Box => box !== undefined),
  };
  const panel = overlay ? local(overlay) : undefined;
  if (panel) inside.overlay = panel;
  return inside;
}

/** A frame read so far, as a reference for the frames after it. */
interface ReadFrame {
  width: number;
  height: number;
  gray: Uint8Array;
  thumb: Float32Array;
  page: Promise<OcrPage>;
}

/**
 * One promise per frame, fulfilled as the workers get through the frames in order. A frame much like one
 * read before it is read only where it differs (see incremental.ts).
 */
function readAll(
  engines: TesseractEngine[],
  frames: KeyFrame[],
  signal: AbortSignal | undefined,
): Array<Promise<OcrPage>> {
  const pages = pendingList<OcrPage>(frames.length);
  const images = prepareFrames(frames, signal);
  const read: ReadFrame[] = [];
  let next = 0;
  const work = async (engine: TesseractEngine): Promise<void> => {
    while (next < frames.length) {
      const i = next;
      next += 1;
      const page = pages.promises[i];
      const image = images[i];
      if (!page || !image) continue;
      try {
        signal?.throwIfAborted();
        const same = pages.promises[frames[i]?.sameAs ?? -1];
        if (same) {
          same.then((earlier) => pages.resolve(i, earlier), (error: unknown) => pages.reject(i, error));
          continue;
        }
        const prepared = await image;
        const thumb = thumbnail(prepared.gray, prepared.width, prepared.height);
        const reference = mostAlike(read, prepared, thumb);
        read.push({ width: prepared.width, height: prepared.height, gray: prepared.gray, thumb, page });
        const { cleaned: _cleaned, ...pixels } = prepared;
        pages.resolve(i, { ...pixels, lines: await readChanges(engine, prepared, reference, signal) });
      } catch (error) {
        pages.reject(i, error);
        // Everything after a failure fails the same way: stop this worker, reject what is left.
        for (let j = next; j < frames.length; j += 1) pages.reject(j, error);
        next = frames.length;
      }
    }
  };
  engines.forEach((engine) => void work(engine));
  return pages.promises;
}

function mostAlike(read: readonly ReadFrame[], prepared: PreparedImage, thumb: Float32Array): ReadFrame | undefined {
  let best: ReadFrame | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of read) {
    if (candidate.width !== prepared.width || candidate.height !== prepared.height) continue;
    const distance = thumbnailDistance(candidate.thumb, thumb);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * All lines of the frame: read whole, or the reference's lines that still stand (moved with the page when
 * it scrolled) plus a read of what changed.
 */
async function readChanges(
  engine: TesseractEngine,
  prepared: PreparedImage,
  reference: ReadFrame | undefined,
  signal: AbortSignal | undefined,
): Promise<OcrLine[]> {
  const plan = reference ? planAgainst(reference, prepared, (await reference.page).lines) : undefined;
  if (!plan) return engine.recognize(prepared, signal);
  if (plan.regions.length === 0) return plan.kept;
  const fresh = await engine.recognize(prepared, signal, blankOutside(prepared.cleaned, prepared.width, plan.regions));
  return [...plan.kept, ...fresh].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

function planAgainst(reference: ReadFrame, prepared: PreparedImage, lines: OcrLine[]): ReadPlan<OcrLine> | undefined {
  const { width, height, gray, scale } = prepared;
  const inPlace = planRead(compareCells(reference.gray, gray, width, height), lines, scale, moveUp);
  // A small change (typing, a toast) is no scroll; a big one may be, and then most lines only moved.
  if (inPlace && area(inPlace.regions) < SCROLL_CHECK_SHARE * width * height) return inPlace;
  const shift = verticalShift({ width, height, data: reference.gray }, { width, height, data: gray });
  const scrolled = shift === 0 ? undefined : planRead(compareCells(reference.gray, gray, width, height, shift), lines, scale, moveUp);
  if (!scrolled) return inPlace;
  return !inPlace || area(scrolled.regions) < area(inPlace.regions) ? scrolled : inPlace;
}

function moveUp(line: OcrLine, up: number): OcrLine {
  const lift = (box: Box): Box => ({ ...box, y: box.y - up });
  return { ...line, box: lift(line.box), words: line.words.map((word) => ({ ...word, box: lift(word.box) })) };
}
