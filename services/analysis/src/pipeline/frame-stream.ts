/** Decodes the video once into a small grayscale stream at a few frames per second. */
import os from 'node:os';
import { ffmpegPath, runProcess } from './ffmpeg';
import type { GrayFrame } from './frame-math';
import { rawFrameCutter } from './streaming';
import type { VideoInfo } from './probe';

export interface SamplingPlan {
  fps: number;
  width: number;
  height: number;
}

/** Around 320x180 worth of pixels whatever the aspect ratio: enough to see a typed word, cheap to compare. */
const SAMPLE_AREA = 360 * 203;
const PREFERRED_FPS = 4;
/** Bounds memory and time on long videos: past this, the sampling rate drops. */
const MAX_SAMPLES = 1800;

export function planSampling(info: VideoInfo): SamplingPlan {
  const scale = Math.min(1, Math.sqrt(SAMPLE_AREA / (info.width * info.height)));
  const even = (value: number): number => Math.max(16, 2 * Math.round((value * scale) / 2));
  const fps = Math.max(0.5, Math.min(PREFERRED_FPS, MAX_SAMPLES / info.durationSec));
  return { fps: Math.round(fps * 1000) / 1000, width: even(info.width), height: even(info.height) };
}

/**
 * The samples are decoded from two points of the video at once: one decoder (a single thread, which
 * two cores do not speed up) is what sampling waits for, and a process per half keeps both cores busy.
 */
const PARTS = Math.min(2, os.availableParallelism());
/** Shorter videos are sampled in one go: a second process would cost more than it saves. */
const MIN_SPLIT_SAMPLES = 120;

/**
 * Streams frames to `onFrame(frame, timeSec)` in order; resolves with their number once the whole file is
 * decoded. On a damaged file, the frames before the damage come first, then the error.
 */
export async function decodeSamples(
  videoPath: string,
  plan: SamplingPlan,
  expectedSamples: number,
  onFrame: (frame: GrayFrame, timeSec: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  const deliver = (first: number) => (frame: GrayFrame, i: number) => onFrame(frame, (first + i) / plan.fps);
  if (PARTS < 2 || expectedSamples < MIN_SPLIT_SAMPLES) return decodePart(videoPath, plan, { first: 0 }, deliver(0), signal);
  const half = Math.round(expectedSamples / 2);
  // The second half waits in memory (a few tens of MB) until the first is through: frames go out in order.
  const stopSecond = new AbortController();
  const later: GrayFrame[] = [];
  const second = decodePart(videoPath, plan, { first: half }, (frame) => later.push(frame), AbortSignal.any([stopSecond.signal, ...(signal ? [signal] : [])]))
    .then(() => undefined, (error: unknown) => error);
  let count: number;
  try {
    count = await decodePart(videoPath, plan, { first: 0, frames: half }, deliver(0), signal);
  } catch (error) {
    stopSecond.abort();
    await second;
    throw error;
  }
  const secondError = await second;
  signal?.throwIfAborted();
  later.forEach(deliver(half));
  if (secondError) throw secondError;
  return count + later.length;
}

/** Decodes samples from sample `first` on (`frames` of them, or to the end), each to `onFrame(frame, i)`. */
async function decodePart(
  videoPath: string,
  plan: SamplingPlan,
  part: { first: number; frames?: number },
  onFrame: (frame: GrayFrame, i: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  let index = 0;
  const cut = rawFrameCutter(plan.width * plan.height, (data) => {
    onFrame({ width: plan.width, height: plan.height, data }, index);
    index += 1;
  });
  await runProcess(
    ffmpegPath,
    [
      '-v', 'error', '-nostdin',
      // The samples are small, gray and a few per second: neither deblocking nor the frames no other frame
      // refers to (B-frames) change what they show, and skipping both saves a fifth of the decoding.
      '-skip_loop_filter', 'all', '-skip_frame', 'noref',
      // One decoding thread: on two cores the threads mostly wait for each other (the halves run at once instead).
      '-threads', '1',
      // Seeking before the input decodes from the key frame before and drops what precedes: the same samples as
      // one pass over the whole video gives.
      ...(part.first > 0 ? ['-ss', (part.first / plan.fps).toFixed(6)] : []),
      '-i', videoPath, '-an', '-sn',
      '-vf', `fps=${plan.fps},scale=${plan.width}:${plan.height}:flags=area,format=gray`,
      ...(part.frames !== undefined ? ['-frames:v', String(part.frames)] : []),
      '-f', 'rawvideo', 'pipe:1',
    ],
    {
      signal,
      onStdout: cut,
    },
  );
  return index;
}
