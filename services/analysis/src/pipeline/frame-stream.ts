/** Decodes the video once into a small grayscale stream at a few frames per second. */
import { ffmpegPath, runProcess } from './ffmpeg';
import type { GrayFrame } from './frame-math';
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
  const frameSize = plan.width * plan.height;
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  await runProcess(
    ffmpegPath,
    [
      '-v', 'error', '-nostdin', '-i', videoPath, '-an', '-sn',
      '-vf', `fps=${plan.fps},scale=${plan.width}:${plan.height}:flags=area,format=gray`,
      '-f', 'rawvideo', 'pipe:1',
    ],
    {
      signal,
      onStdout: (chunk) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        while (pending.length >= frameSize) {
          const data = new Uint8Array(pending.subarray(0, frameSize));
          pending = pending.subarray(frameSize);
          onFrame({ width: plan.width, height: plan.height, data }, index / plan.fps);
          index += 1;
        }
      },
    },
  );
  return index;
}
