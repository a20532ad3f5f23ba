/** The offline understanding step: OCR each key frame, then read the screen from text and layout. */
import os from 'node:os';
import type { Box, FrameUnderstanding, KeyFrame, ScreenUnderstander, UnderstandOptions } from '../types';
import { understandPage, type VideoContext } from './screen-layout';
import { TesseractEngine, type OcrPage } from './tesseract-engine';

export interface OcrUnderstanderOptions {
  /** Tesseract workers reading frames at once (one per core, at most two: each holds ~100 MB). */
  workers?: number;
}

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

/** One promise per frame, fulfilled as the workers get through the frames in order. */
function readAll(engines: TesseractEngine[], frames: KeyFrame[], signal: AbortSignal | undefined): Array<Promise<OcrPage>> {
  const settle: Array<{ resolve(page: OcrPage): void; reject(error: unknown): void }> = [];
  const pages = frames.map(
    () =>
      new Promise<OcrPage>((resolve, reject) => {
        settle.push({ resolve, reject });
      }),
  );
  // A frame nobody awaits any more (an earlier one failed) must not turn into an unhandled rejection.
  pages.forEach((page) => page.catch(() => undefined));
  let next = 0;
  const work = async (engine: TesseractEngine): Promise<void> => {
    while (next < frames.length) {
      const i = next;
      next += 1;
      const frame = frames[i];
      const done = settle[i];
      if (!frame || !done) continue;
      try {
        signal?.throwIfAborted();
        done.resolve(await engine.read(frame.imagePath, frame.width, frame.height, signal, frame.viewport));
      } catch (error) {
        done.reject(error);
        // Everything after a failure fails the same way: stop this worker, reject what is left.
        for (let j = next; j < frames.length; j += 1) settle[j]?.reject(error);
        next = frames.length;
      }
    }
  };
  engines.forEach((engine) => void work(engine));
  return pages;
}
