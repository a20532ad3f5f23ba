/** Stage 1: what the file is (duration, frame size), or a readable reason why it is not a usable video. */
import { z } from 'zod';
import { ffprobePath, runProcess } from './ffmpeg';
import { NO_VIDEO_STREAM, UNREADABLE_VIDEO, VideoAnalysisError } from './video-analysis.error';

export interface VideoInfo {
  durationSec: number;
  width: number;
  height: number;
  fps: number;
}

const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        duration: z.string().optional(),
        tags: z.record(z.string(), z.string()).optional(),
        side_data_list: z.array(z.record(z.string(), z.unknown())).optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).optional(),
});

function parseRate(rate: string | undefined): number {
  const [num, den] = (rate ?? '').split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return 0;
  return num / den;
}

/** Phones record portrait video as landscape frames plus a rotation tag; frames come out rotated by ffmpeg. */
function isQuarterTurn(stream: z.infer<typeof probeSchema>['streams'][number]): boolean {
  const tagged = Number(stream.tags?.rotate ?? 0);
  const sideData = stream.side_data_list?.find((entry) => typeof entry.rotation === 'number');
  const rotation = tagged || Number(sideData?.rotation ?? 0);
  return Math.abs(rotation) % 180 === 90;
}

export async function probeVideo(videoPath: string, signal?: AbortSignal): Promise<VideoInfo> {
  let raw: Buffer;
  try {
    raw = await runProcess(
      ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', videoPath],
      { signal },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new VideoAnalysisError(UNREADABLE_VIDEO, { cause: error });
  }
  let parsed: z.infer<typeof probeSchema>;
  try {
    parsed = probeSchema.parse(JSON.parse(raw.toString('utf8')));
  } catch (error) {
    throw new VideoAnalysisError(UNREADABLE_VIDEO, { cause: error });
  }
  const video = parsed.streams.find((stream) => stream.codec_type === 'video' && stream.width && stream.height);
  if (!video) {
    if (parsed.streams.length > 0) throw new VideoAnalysisError(NO_VIDEO_STREAM);
    throw new VideoAnalysisError(UNREADABLE_VIDEO);
  }
  const durationSec = Number(parsed.format?.duration ?? video.duration ?? NaN);
  if (!Number.isFinite(durationSec) || durationSec <= 0) throw new VideoAnalysisError(UNREADABLE_VIDEO);
  const turned = isQuarterTurn(video);
  const width = turned ? (video.height ?? 0) : (video.width ?? 0);
  const height = turned ? (video.width ?? 0) : (video.height ?? 0);
  const fps = parseRate(video.avg_frame_rate) || parseRate(video.r_frame_rate) || 25;
  return { durationSec, width, height, fps };
}
