/**
 * How the analysis benches time things: ffmpeg's decode of a video (the yardstick of analysis speed), the
 * seconds of each analysis stage, and the median and range of repeated runs.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const run = promisify(execFile);

/** The seconds the product's own ffmpeg needs to decode a video, nothing else. */
export async function timeDecode(video: string): Promise<number> {
  const started = performance.now();
  await run(ffmpegInstaller.path, ['-v', 'error', '-nostdin', '-i', video, '-f', 'null', '-']);
  return (performance.now() - started) / 1000;
}

/**
 * Seconds per stage of one analysis, from analyzeVideo's progress reports: a stage is timed when the next one
 * is reported, so the last ('done') takes none. The clock starts when this is called.
 */
export function stageClock(): { onProgress: (percent: number, stage: string) => void; stages: Record<string, number> } {
  const stages: Record<string, number> = {};
  let current = '';
  let since = performance.now();
  return {
    stages,
    onProgress: (_percent, next) => {
      if (next === current) return;
      const now = performance.now();
      if (current) stages[current] = (now - since) / 1000;
      current = next;
      since = now;
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The smallest and largest of some runs' seconds: '1.20–1.45'. */
export const spread = (values: number[]): string => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
