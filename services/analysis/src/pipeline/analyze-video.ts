/** The video analysis pipeline: probe → key frames → understanding → page specs. */
import fs from 'node:fs/promises';
import { decodeSamples, planSampling } from './frame-stream';
import { extractJpegs, keyframePath } from './extract';
import { changedFraction, type PixelBox } from './frame-math';
import { KeyframeSegmenter, limitPeriods, type StablePeriod } from './keyframes';
import { mergeFrames } from './merge';
import { createOcrUnderstander } from './ocr/ocr-understander';
import { probeVideo, type VideoInfo } from './probe';
import type { AnalysisResult, AnalyzedFrame, AnalyzeVideoInput, Box, FrameUnderstanding, KeyFrame } from './types';
import { UNREADABLE_VIDEO, VideoAnalysisError } from './video-analysis.error';
import { ProcessFailedError } from './ffmpeg';
import { pendingList } from './streaming';

/** Understanding is the expensive step: at most this many key frames per video. */
export const MAX_KEYFRAMES = 40;
const EXTRACTIONS_AT_ONCE = 2;
/**
 * Screenshots extracted by one ffmpeg: the first alone, so that understanding starts early, then batches
 * growing to this size (reading a frame takes longer than extracting a batch).
 */
const MAX_EXTRACTION_BATCH = 6;
/**
 * Settled samples differing in fewer pixels than this show the same picture (a moving cursor aside): a
 * revisit. A typed word changes more.
 */
const SAME_PICTURE = 0.001;

/** Progress never goes backwards and ends at exactly 100; a new stage is reported even at the same percent. */
function progressReporter(onProgress: AnalyzeVideoInput['onProgress']): (percent: number, stage: string) => void {
  let last = -1;
  let lastStage = '';
  return (percent, stage) => {
    const value = Math.max(last, Math.min(100, Math.round(percent)));
    if (value === last && stage === lastStage) return;
    last = value;
    lastStage = stage;
    onProgress?.(value, stage);
  };
}

function toFrameBox(box: PixelBox, scaleX: number, scaleY: number): Box {
  return { x: box.x * scaleX, y: box.y * scaleY, width: box.width * scaleX, height: box.height * scaleY };
}

export async function analyzeVideo(input: AnalyzeVideoInput): Promise<AnalysisResult> {
  const { videoPath, workDir, signal } = input;
  const report = progressReporter(input.onProgress);
  signal?.throwIfAborted();
  report(0, 'probe');
  const info = await probeVideo(videoPath, signal);
  await fs.mkdir(workDir, { recursive: true });
  const understander = input.understand ?? createOcrUnderstander();
  // Screenshots are extracted while understanding runs: when it ends early, so does their extraction.
  const extraction = new AbortController();
  let imagesWritten: Array<Promise<void>> = [];
  // Pictures at rest are read once, for what the cursor covered, and are no screenshots of a spec.
  const restImages: string[] = [];
  try {
    understander.warmUp?.();
    report(2, 'keyframes');
    const keyframes = await keyframesOf(input, info, report, extraction.signal);
    const { frames } = keyframes;
    imagesWritten = keyframes.imagesWritten;
    // Understanding starts on the first screenshots while the others are still being extracted.
    report(45, 'understanding');
    const understood = await understander.understand(frames, {
      signal,
      imagesWritten,
      onFrameDone: (done, total) => report(45 + (50 * done) / total, 'understanding'),
      restImage: async (index) => {
        const restImage = await extractRestImage(input, frames[index]);
        restImages.push(restImage);
        return restImage;
      },
    });
    await Promise.all(imagesWritten);
    signal?.throwIfAborted();

    report(96, 'page specs');
    const { screens, screenOfFrame } = mergeFrames(frames, understood);
    const analyzed = analyzedFrames(frames, understood, screenOfFrame);
    // Every understood key frame stays in workDir: a screen the user adds later is looked for in them.
    const kept = new Set(analyzed.map((frame) => frame.imagePath));
    await removeUnusedScreenshots(frames, kept);
    report(100, 'done');
    return { durationSec: info.durationSec, width: info.width, height: info.height, screens, frames: analyzed };
  } finally {
    extraction.abort();
    await Promise.allSettled(imagesWritten);
    await Promise.all(restImages.map((file) => fs.rm(file, { force: true })));
    if (!input.understand) await understander.close?.();
  }
}

/** Stage 2: the settled frame of every screen at rest, extracted at full resolution. */
async function keyframesOf(
  input: AnalyzeVideoInput,
  info: VideoInfo,
  report: (percent: number, stage: string) => void,
  stopExtracting: AbortSignal,
): Promise<{ frames: KeyFrame[]; imagesWritten: Array<Promise<void>> }> {
  const { videoPath, signal } = input;
  const plan = planSampling(info);
  const segmenter = new KeyframeSegmenter(1 / plan.fps);
  const expectedSamples = Math.max(1, Math.floor(info.durationSec * plan.fps));
  let decodeFailed: unknown;
  const sampleCount = await decodeSamples(
    videoPath,
    plan,
    expectedSamples,
    (frame, timeSec) => {
      segmenter.push(frame, timeSec);
      report(2 + 43 * Math.min(1, timeSec * plan.fps / expectedSamples), 'keyframes');
    },
    signal,
  ).catch((error: unknown) => {
    if (signal?.aborted || !(error instanceof ProcessFailedError)) throw error;
    // A truncated file still yields the frames before the damage; only nothing at all is fatal.
    decodeFailed = error;
    return -1;
  });
  signal?.throwIfAborted();
  const periods = limitPeriods(segmenter.finish(), MAX_KEYFRAMES);
  if (periods.length === 0 || sampleCount === 0) {
    throw new VideoAnalysisError(UNREADABLE_VIDEO, { cause: decodeFailed });
  }

  const device = segmenter.deviceScreen();
  const extracted = extractKeyframes(input, periods, info.width, info.height, plan, stopExtracting);
  if (device) {
    const viewport = toFrameBox(device, info.width / plan.width, info.height / plan.height);
    extracted.frames.forEach((frame) => (frame.viewport = viewport));
  }
  return extracted;
}

function analyzedFrames(
  frames: KeyFrame[],
  understood: FrameUnderstanding[],
  screenOfFrame: Array<string | undefined>,
): AnalyzedFrame[] {
  const analyzed: AnalyzedFrame[] = [];
  frames.forEach((frame, i) => {
    const seen = understood[i];
    const screenName = screenOfFrame[i];
    if (!seen || screenName === undefined) return;
    analyzed.push({
      timeSec: Math.round(frame.timeSec * 1000) / 1000,
      imagePath: frame.imagePath,
      screenName,
      words: seen.words ?? [],
      elements: seen.elements,
    });
  });
  return analyzed;
}

/**
 * The key frames, with a promise per frame for its JPEG: frames with a picture of their own are extracted
 * in the background, a revisit waits for the frame it repeats.
 */
function extractKeyframes(
  input: AnalyzeVideoInput,
  periods: StablePeriod[],
  width: number,
  height: number,
  plan: { width: number; height: number },
  stop: AbortSignal,
): { frames: KeyFrame[]; imagesWritten: Array<Promise<void>> } {
  const scaleX = width / plan.width;
  const scaleY = height / plan.height;
  const frames: KeyFrame[] = [];
  // Frames with a picture of their own; a revisit points at one of them, never at another revisit.
  const pictures: Array<{ frame: KeyFrame; settled: StablePeriod['settled'] }> = [];
  periods.forEach((period, index) => {
    const frame: KeyFrame = {
      index,
      timeSec: period.settledSec,
      startSec: period.startSec,
      endSec: period.endSec,
      imagePath: keyframePath(input.workDir, index, period.settledSec),
      width,
      height,
      scrolledFromPrevious: index > 0 && period.enteredByScroll,
      changedRegions: period.changed.map((box) => toFrameBox(box, scaleX, scaleY)),
    };
    if (period.overlay) frame.overlay = toFrameBox(period.overlay, scaleX, scaleY);
    if (index > 0 && period.switchedInPlace) frame.switchedInPlace = true;
    const same = pictures.find((earlier) => changedFraction(earlier.settled, period.settled, SAME_PICTURE) < SAME_PICTURE)?.frame;
    if (same) {
      frame.sameAs = same.index;
      frame.imagePath = same.imagePath;
    } else {
      if (period.restSec !== undefined) frame.restSec = period.restSec;
      pictures.push({ frame, settled: period.settled });
    }
    frames.push(frame);
  });
  const written = pendingList<void>(frames.length);
  // Each extraction seeks and decodes from the previous key frame of the stream: two at once keep both
  // cores busy. In frame order, which is the order they are read in.
  const signal = input.signal ? AbortSignal.any([input.signal, stop]) : stop;
  let next = 0;
  const extractNext = async (): Promise<void> => {
    while (next < pictures.length) {
      const batch = pictures.slice(next, next + Math.min(MAX_EXTRACTION_BATCH, Math.max(1, next))).map((picture) => picture.frame);
      const from = next;
      next += batch.length;
      try {
        signal.throwIfAborted();
        await extractJpegs(input.videoPath, batch.map((frame) => ({ timeSec: frame.timeSec, outPath: frame.imagePath })), signal);
        for (const frame of batch) written.resolve(frame.index, undefined);
      } catch (error) {
        // The frames after a failed batch are not extracted either.
        for (const later of pictures.slice(from)) written.reject(later.frame.index, error);
        next = pictures.length;
      }
    }
  };
  for (let i = 0; i < EXTRACTIONS_AT_ONCE; i += 1) void extractNext();
  const imagesWritten = frames.map((frame) => written.promises[frame.sameAs ?? frame.index] as Promise<void>);
  return { frames, imagesWritten };
}

/** A key frame's picture at its restSec. */
async function extractRestImage(input: AnalyzeVideoInput, frame: KeyFrame | undefined): Promise<string> {
  if (frame?.restSec === undefined) throw new Error('no picture at rest for this frame');
  const outPath = keyframePath(input.workDir, frame.index, frame.restSec, 'rest');
  await extractJpegs(input.videoPath, [{ timeSec: frame.restSec, outPath }], input.signal);
  return outPath;
}

/** Frames nobody understood (an understander that gave up part-way) are not kept. */
async function removeUnusedScreenshots(frames: KeyFrame[], keep: Set<string>): Promise<void> {
  await Promise.all(
    frames.filter((frame) => !keep.has(frame.imagePath)).map((frame) => fs.rm(frame.imagePath, { force: true })),
  );
}
