/** The offline understanding step: OCR each key frame, then read the screen from text and layout. */
import os from 'node:os';
import { setImmediate } from 'node:timers/promises';
import type { Box, FrameUnderstanding, KeyFrame, ScreenUnderstander, UnderstandOptions } from '../types';
import { finishPage, overlapArea, readPage, type PageReading, type VideoContext } from './screen-layout';
import { RecordingWords } from './name-cleaner';
import {
  area,
  blankSplit,
  byPosition,
  clearerReading,
  compareCells,
  cutOut,
  doubtfulRegions,
  partlyRead,
  planRead,
  thumbnail,
  thumbnailDistance,
  type CellChanges,
  type ReadPlan,
} from './incremental';
import { verticalShift } from '../frame-math';
import { pendingList } from '../streaming';
import { prepareFrames, type PreparedImage } from './frame-images';
import { linesFromStack, stackPatches, unreadPatches } from './small-text';
import { TesseractEngine, withBoxes, type OcrLine, type OcrPage } from './tesseract-engine';

export interface OcrUnderstanderOptions {
  /** Tesseract workers reading frames at once (one per core, at most two: each holds ~100 MB). */
  workers?: number;
  /**
   * Keeps the workers between videos until they have been idle this long (a service's understander);
   * without it they run until close().
   */
  idleMs?: number;
}

/** Past this share of the frame to read again, the change is checked for a scroll (tens of ms, against seconds of reading). */
const SCROLL_CHECK_SHARE = 0.05;

const DEFAULT_WORKERS = Math.max(1, Math.min(2, os.availableParallelism()));

export function createOcrUnderstander(options: OcrUnderstanderOptions = {}): ScreenUnderstander {
  const { idleMs } = options;
  const engines = Array.from(
    { length: Math.max(1, options.workers ?? DEFAULT_WORKERS) },
    () => new TesseractEngine(idleMs === undefined ? {} : { idleMs }),
  );
  return {
    async understand(
      frames: KeyFrame[],
      understandOptions: UnderstandOptions = {},
    ): Promise<FrameUnderstanding[]> {
      const { signal, onFrameDone, imagesWritten, restImage } = understandOptions;
      const words = new RecordingWords();
      const pages = readAll(engines, frames, { signal, imagesWritten, restImage }, words);
      const readings: PageReading[] = [];
      // Reading runs ahead on every worker; the layout step goes in order, since a frame may use what
      // earlier ones taught (the ids a list page showed).
      const context: VideoContext = {};
      for (const [i, frame] of frames.entries()) {
        const page = await pages[i];
        if (!page) throw new Error(`frame ${i} was not read`);
        readings.push(readPage(page, frame.viewport ? viewportFrame(frame, frame.viewport) : frame, context));
        onFrameDone?.(readings.length, frames.length);
      }
      // Names are cleaned once every frame is read: a word is trusted when several readings agree on it.
      // One frame at a time, giving the event loop back in between: the job's heartbeat must keep beating and
      // an abort must be heard while a long recording's names are cleaned.
      const understood: FrameUnderstanding[] = [];
      for (const reading of readings) {
        signal?.throwIfAborted();
        understood.push(finishPage(reading, words, context));
        await setImmediate();
      }
      return understood;
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
    return x1 > x0 && y1 > y0
      ? { x: x0 - viewport.x, y: y0 - viewport.y, width: x1 - x0, height: y1 - y0 }
      : undefined;
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

/** A frame read or being read, as a reference for the frames after it. */
interface ReadFrame {
  width: number;
  height: number;
  gray: Uint8Array;
  thumb: Float32Array;
  /** OCR pixels its reading covers, judged from pixels alone: what a frame waiting for its lines waits for. */
  readArea: number;
  page: Promise<OcrPage>;
}

/**
 * One promise per frame, fulfilled as the workers get through the frames: in order, as far as they are ready
 * to read (see below). A frame much like one read before it is read only where it differs (see
 * incremental.ts). What to read of each frame is decided on the main thread as its image arrives, while
 * the workers read the frames before it.
 */
function readAll(
  engines: TesseractEngine[],
  frames: KeyFrame[],
  { signal, imagesWritten, restImage }: Pick<UnderstandOptions, 'signal' | 'imagesWritten' | 'restImage'>,
  words: RecordingWords,
): Array<Promise<OcrPage>> {
  const pages = pendingList<OcrPage>(frames.length);
  // Each frame to read, with its reference; nothing for a revisit, which is read as the frame it repeats.
  const planned = pendingList<Planned | undefined>(frames.length);
  const images = prepareFrames(frames, signal, imagesWritten);
  const fail = (from: number, error: unknown): void => {
    for (let j = from; j < frames.length; j += 1) {
      pages.reject(j, error);
      planned.reject(j, error);
    }
  };

  void (async () => {
    const earlier: ReadFrame[] = [];
    for (const [i, frame] of frames.entries()) {
      if (frame.sameAs !== undefined) {
        planned.resolve(i, undefined);
        continue;
      }
      try {
        const prepared = (await images[i]) as PreparedImage;
        const thumb = thumbnail(prepared.gray, prepared.width, prepared.height);
        const alike = earlier.filter(
          (read) => read.width === prepared.width && read.height === prepared.height,
        );
        const { difference, readArea } = chooseReference(alike, prepared, thumb);
        const page = pages.promises[i] as Promise<OcrPage>;
        earlier.push({
          width: prepared.width,
          height: prepared.height,
          gray: prepared.gray,
          thumb,
          readArea,
          page,
        });
        planned.resolve(i, { prepared, difference });
      } catch (error) {
        fail(i, error);
        return;
      }
    }
  })();

  // A frame is ready to read once planned and its reference read. Each worker takes the first ready frame:
  // one waiting for the other worker's reading would leave its core idle while later frames could be read.
  const ready = planned.promises.map((promise) =>
    promise
      .then((plan) => plan?.difference?.reference.page)
      .then(
        () => undefined,
        () => undefined,
      ),
  );
  const isReady = frames.map(() => false);
  ready.forEach((promise, i) => void promise.then(() => (isReady[i] = true)));
  const unclaimed = new Set(frames.keys());
  const claimReady = (): number | undefined => {
    for (const i of unclaimed) {
      if (!isReady[i]) continue;
      unclaimed.delete(i);
      return i;
    }
    return undefined;
  };
  const work = async (engine: TesseractEngine): Promise<void> => {
    // The worker that reads the other half of a frame read whole.
    const helper = engines.find((other) => other !== engine) ?? engine;
    while (unclaimed.size > 0) {
      const i = claimReady();
      if (i === undefined) {
        await Promise.race([...unclaimed].map((j) => ready[j]));
        continue;
      }
      try {
        signal?.throwIfAborted();
        const same = pages.promises[frames[i]?.sameAs ?? -1];
        if (same) {
          same.then(
            (earlier) => pages.resolve(i, earlier),
            (error: unknown) => pages.reject(i, error),
          );
          continue;
        }
        const { prepared, difference } = (await planned.promises[i]) as Planned;
        const plan =
          difference && planFor(difference, (await difference.reference.page).lines, prepared.scale);
        const { cleaned: _cleaned, ...pixels } = prepared;
        const read = await withSmallText(engine, prepared, await readPlanned({ engine, helper }, prepared, plan, signal), plan, signal);
        const frame = frames[i] as KeyFrame;
        const lines =
          restImage && frame.restSec !== undefined && doubtfulWhereChanged(frame, read)
            ? await withRestReading(engine, frame, prepared, read, await restImage(i), signal)
            : read;
        // Lines carried over from the reference were read once already: only fresh readings confirm a word.
        const carried = new Set(plan?.kept);
        words.addReading(lines.filter((line) => !carried.has(line)).flatMap((line) => line.words));
        pages.resolve(i, { ...pixels, lines });
      } catch (error) {
        // Everything still to read fails the same way: stop this worker, reject what is left.
        pages.reject(i, error);
        for (const j of unclaimed) pages.reject(j, error);
        unclaimed.clear();
      }
    }
  };
  engines.forEach((engine) => void work(engine));
  return pages.promises;
}

/** A frame ready to read: its image, and how it differs from the frame it is read against. */
interface Planned {
  prepared: PreparedImage;
  difference?: Difference;
}

function mostAlike(read: readonly ReadFrame[], thumb: Float32Array): ReadFrame | undefined {
  let best: ReadFrame | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of read) {
    const distance = thumbnailDistance(candidate.thumb, thumb);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** How a frame differs from an earlier one: in place and, when much changed, after the scroll that explains most. */
interface Difference {
  reference: ReadFrame;
  inPlace: CellChanges;
  scrolled?: CellChanges;
}

/** How a frame differs from an earlier one, and how much of it that leaves to read (before lines widen it). */
function differenceFrom(
  reference: ReadFrame,
  prepared: PreparedImage,
): { difference: Difference; readArea: number } {
  const { width, height, gray, scale } = prepared;
  const inPlace = compareCells(reference.gray, gray, width, height);
  const readArea = (plan: ReadPlan<OcrLine> | undefined): number =>
    plan ? area(plan.regions) : width * height;
  const inPlaceArea = readArea(planRead(inPlace, [], scale, moveUp));
  // A small change (typing, a toast) is no scroll; a big one may be, and then most lines only moved.
  const shift =
    inPlaceArea < SCROLL_CHECK_SHARE * width * height
      ? 0
      : verticalShift({ width, height, data: reference.gray }, { width, height, data: gray });
  if (shift === 0) return { difference: { reference, inPlace }, readArea: inPlaceArea };
  const difference = {
    reference,
    inPlace,
    scrolled: compareCells(reference.gray, gray, width, height, shift),
  };
  return { difference, readArea: readArea(planFor(difference, [], scale)) };
}

/** What to read given the reference's lines: the in-place or the scrolled reading, whichever reads less; undefined to read all. */
function planFor(difference: Difference, lines: OcrLine[], scale: number): ReadPlan<OcrLine> | undefined {
  const inPlace = planRead(difference.inPlace, lines, scale, moveUp);
  const scrolled = difference.scrolled && planRead(difference.scrolled, lines, scale, moveUp);
  if (!scrolled) return inPlace;
  return !inPlace || area(scrolled.regions) < area(inPlace.regions) ? scrolled : inPlace;
}

/**
 * The earlier frame to read this one against, and how much of it will be read. The frame read just before
 * it is usually still being read by the other worker: waiting for its lines can leave a core idle for about
 * half its reading (when no later frame is ready), so it is chosen only when it saves more than that over
 * the most alike frame before it.
 * Decided from pixels alone (changed cells, before lines widen them), so that a video is read the same
 * way whatever the timing.
 */
function chooseReference(
  earlier: readonly ReadFrame[],
  prepared: PreparedImage,
  thumb: Float32Array,
): { difference?: Difference; readArea: number } {
  const option = (reference: ReadFrame | undefined): { difference?: Difference; readArea: number } =>
    reference ? differenceFrom(reference, prepared) : { readArea: prepared.width * prepared.height };
  const previous = earlier[earlier.length - 1];
  const settled = option(mostAlike(earlier.slice(0, -1), thumb));
  if (!previous) return settled;
  const latest = option(previous);
  return latest.readArea + previous.readArea / 2 < settled.readArea ? latest : settled;
}

/**
 * All lines of the frame: read whole, or the reference's lines that still stand (moved with the page when
 * it scrolled) plus a read of what changed.
 */
async function readPlanned(
  engines: { engine: TesseractEngine; helper: TesseractEngine },
  prepared: PreparedImage,
  plan: ReadPlan<OcrLine> | undefined,
  signal: AbortSignal | undefined,
): Promise<OcrLine[]> {
  const { engine } = engines;
  if (!plan) return readWhole(engines, prepared, signal);
  if (plan.regions.length === 0) return plan.kept;
  const fresh = await engine.recognize(
    prepared,
    signal,
    cutOut(prepared.cleaned, prepared.width, prepared.height, plan.regions),
  );
  return [...plan.kept, ...fresh].sort(byPosition);
}

/**
 * A frame read whole is read as two halves split where no text crosses, one on each worker: nothing read
 * before it helps, and the other worker would otherwise wait for its lines (the first frame of a video).
 * Split the same way whatever the number of workers, so that the reading does not depend on it.
 */
async function readWhole(
  { engine, helper }: { engine: TesseractEngine; helper: TesseractEngine },
  prepared: PreparedImage,
  signal: AbortSignal | undefined,
): Promise<OcrLine[]> {
  const { width, height, cleaned } = prepared;
  const split = blankSplit(cleaned, width, height);
  if (split === undefined) return engine.recognize(prepared, signal);
  const [top, bottom] = await Promise.all([
    engine.recognize(
      prepared,
      signal,
      cutOut(cleaned, width, height, [{ x0: 0, y0: 0, x1: width, y1: split }]),
    ),
    helper.recognize(
      prepared,
      signal,
      cutOut(cleaned, width, height, [{ x0: 0, y0: split, x1: width, y1: height }]),
    ),
  ]);
  return [...top, ...bottom];
}

/**
 * The key frame's lines, with what changed since the screen came to rest (KeyFrame.restSec) read in the
 * picture of that moment too where the key frame's reading is in doubt: where the picture reads clearer (the
 * control under the cursor as it is clicked), its lines stand.
 */
async function withRestReading(
  engine: TesseractEngine,
  frame: KeyFrame,
  prepared: PreparedImage,
  lines: OcrLine[],
  restPath: string,
  signal: AbortSignal | undefined,
): Promise<OcrLine[]> {
  const [image] = prepareFrames([{ ...frame, imagePath: restPath }], signal);
  const rest = await (image as Promise<PreparedImage>);
  const { width, height, scale } = prepared;
  if (rest.width !== width || rest.height !== height) return lines;
  const plan = planRead(compareCells(prepared.gray, rest.gray, width, height), lines, scale, moveUp);
  const doubtful = plan ? doubtfulRegions(lines, plan, scale) : [];
  if (doubtful.length === 0) return lines;
  const earlier = await engine.recognize(rest, signal, cutOut(rest.cleaned, width, height, doubtful));
  return clearerReading(lines, doubtful, earlier, scale);
}

/**
 * A line read in part where the screen changed while on view (in the prepared part's pixels): most key
 * frames read whole what changed, and no earlier picture of them is extracted.
 */
function doubtfulWhereChanged(frame: KeyFrame, lines: readonly OcrLine[]): boolean {
  const { changedRegions } = frame.viewport ? viewportFrame(frame, frame.viewport) : frame;
  return lines.some((line) => partlyRead(line) && changedRegions.some((box) => overlapArea(box, line.box) > 0));
}

/**
 * The lines read, with the small text the reading left out where it read (see small-text.ts); a frame
 * enlarged for reading already (a phone's screen, a small window) has none.
 */
async function withSmallText(
  engine: TesseractEngine,
  prepared: PreparedImage,
  lines: OcrLine[],
  plan: ReadPlan<OcrLine> | undefined,
  signal: AbortSignal | undefined,
): Promise<OcrLine[]> {
  const { width, height, scale, cleaned } = prepared;
  if (scale > 1 || plan?.regions.length === 0) return lines;
  const patches = unreadPatches(cleaned, width, height, lines, scale, plan?.regions);
  if (patches.length === 0) return lines;
  const stack = stackPatches(cleaned, width, patches);
  const small = linesFromStack(await engine.readPixels(stack.pixels, stack.width, stack.height, signal), stack, scale);
  if (small.length === 0) return lines;
  return [...lines, ...small].sort(byPosition);
}

function moveUp(line: OcrLine, up: number): OcrLine {
  return withBoxes(line, (box) => ({ ...box, y: box.y - up }));
}
