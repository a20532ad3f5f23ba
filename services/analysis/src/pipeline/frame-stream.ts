/** Decodes the video once into a small grayscale stream at a few frames per second. */
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

/** Streams frames to `onFrame(frame, timeSec)`; resolves once ffmpeg has decoded the whole file. */
export async function decodeSamples(
  videoPath: string,
  plan: SamplingPlan,
  onFrame: (frame: GrayFrame, timeSec: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  let index = 0;
  const cut = rawFrameCutter(plan.width * plan.height, (data) => {
    onFrame({ width: plan.width, height: plan.height, data }, index / plan.fps);
    index += 1;
  });
  await runProcess(
    ffmpegPath,
    [
      '-v', 'error', '-nostdin',
      // The samples are small, gray and a few per second: neither deblocking nor the frames no other frame
      // refers to (B-frames) change what they show, and skipping both saves a fifth of the decoding.
      '-skip_loop_filter', 'all', '-skip_frame', 'noref',
      // One decoding thread: on two cores the threads mostly wait for each other, and the cores are
      // wanted by the reading that follows (a third less CPU and faster too, measured).
      '-threads', '1',
      '-i', videoPath, '-an', '-sn',
      '-vf', `fps=${plan.fps},scale=${plan.width}:${plan.height}:flags=area,format=gray`,
      '-f', 'rawvideo', 'pipe:1',
    ],
    {
      signal,
      onStdout: cut,
    },
  );
  return index;
}
