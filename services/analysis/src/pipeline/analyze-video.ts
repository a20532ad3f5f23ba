/** The video analysis pipeline: probe → key frames → understanding → page specs. */
import fs from 'node:fs/promises';
import { decodeSamples, planSampling } from './frame-stream';
import { extractJpeg, keyframePath } from './extract';
import { changedFraction, type PixelBox } from './frame-math';
import { KeyframeSegmenter, limitPeriods, type StablePeriod } from './keyframes';
import { mergeFrames } from './merge';
import { createOcrUnderstander } from './ocr/ocr-understander';
import { probeVideo, type VideoInfo } from './probe';
import type { AnalysisResult, AnalyzedFrame, AnalyzeVideoInput, Box, FrameUnderstanding, KeyFrame } from './types';
import { UNREADABLE_VIDEO, VideoAnalysisError } from './video-analysis.error';
import { ProcessFailedError } from './ffmpeg';

/** Understanding is the expensive step: at most this many key frames per video. */
export const MAX_KEYFRAMES = 40;
const EXTRACTIONS_AT_ONCE = 2;
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
  try {
    understander.warmUp?.();
    report(2, 'keyframes');
    const frames = await keyframesOf(input, info, report);
    report(50, 'understanding');
    const understood = await understander.understand(frames, {
      signal,
      onFrameDone: (done, total) => report(50 + (45 * done) / total, 'understanding'),
    });
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
    if (!input.understand) await understander.close?.();
  }
}

/** Stage 2: the settled frame of every screen at rest, extracted at full resolution. */
async function keyframesOf(
  input: AnalyzeVideoInput,
  info: VideoInfo,
  report: (percent: number, stage: string) => void,
): Promise<KeyFrame[]> {
  const { videoPath, signal } = input;
  const plan = planSampling(info);
  const segmenter = new KeyframeSegmenter(1 / plan.fps);
  const expectedSamples = Math.max(1, Math.floor(info.durationSec * plan.fps));
  let decodeFailed: unknown;
  const sampleCount = await decodeSamples(
    videoPath,
    plan,
    (frame, timeSec) => {
      segmenter.push(frame, timeSec);
      report(2 + 38 * Math.min(1, timeSec * plan.fps / expectedSamples), 'keyframes');
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
  const frames = await extractKeyframes(input, periods, info.width, info.height, plan, (done, total) =>
    report(40 + (10 * done) / total, 'keyframes'),
  );
  if (device) {
    const viewport = toFrameBox(device, info.width / plan.width, info.height / plan.height);
    frames.forEach((frame) => (frame.viewport = viewport));
  }
  return frames;
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

async function extractKeyframes(
  input: AnalyzeVideoInput,
  periods: StablePeriod[],
  width: number,
  height: number,
  plan: { width: number; height: number },
  onDone: (done: number, total: number) => void,
): Promise<KeyFrame[]> {
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
    const same = pictures.find((earlier) => changedFraction(earlier.settled, period.settled) < SAME_PICTURE)?.frame;
    if (same) {
      frame.sameAs = same.index;
      frame.imagePath = same.imagePath;
    } else pictures.push({ frame, settled: period.settled });
    frames.push(frame);
  });
  // Each extraction seeks and decodes from the previous key frame of the stream: two at once keep both cores busy.
  let next = 0;
  let done = 0;
  const extractNext = async (): Promise<void> => {
    while (next < pictures.length) {
      const frame = pictures[next]?.frame;
      next += 1;
      if (!frame) continue;
      input.signal?.throwIfAborted();
      await extractJpeg(input.videoPath, frame.timeSec, frame.imagePath, input.signal);
      done += 1;
      onDone(done, pictures.length);
    }
  };
  await Promise.all(Array.from({ length: EXTRACTIONS_AT_ONCE }, extractNext));
  return frames;
}

/** Frames nobody understood (an understander that gave up part-way) are not kept. */
async function removeUnusedScreenshots(frames: KeyFrame[], keep: Set<string>): Promise<void> {
  await Promise.all(
    frames.filter((frame) => !keep.has(frame.imagePath)).map((frame) => fs.rm(frame.imagePath, { force: true })),
  );
}
