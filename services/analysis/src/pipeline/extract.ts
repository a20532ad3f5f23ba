/** Grabs full-resolution JPEGs of the settled moments: the screenshots of the page specs. */
import path from 'node:path';
import { ffmpegPath, runProcess } from './ffmpeg';

export async function extractJpeg(
  videoPath: string,
  timeSec: number,
  outPath: string,
  signal?: AbortSignal,
): Promise<void> {
  await runProcess(
    ffmpegPath,
    [
      '-v', 'error', '-nostdin', '-y',
      // Input seeking decodes from the previous keyframe up to the exact time, so this is frame-accurate.
      // Two extractions run at once, one thread each: more threads only contend for the two cores.
      // Frames no other frame refers to are skipped, as in sampling: the grab is a frame the sampler saw,
      // and the decode from the keyframe costs a third less.
      '-threads', '1', '-skip_frame', 'noref', '-ss', timeSec.toFixed(3), '-i', videoPath,
      '-frames:v', '1', '-an', '-q:v', '3', outPath,
    ],
    { signal },
  );
}

export function keyframePath(workDir: string, index: number, timeSec: number): string {
  return path.join(workDir, `keyframe-${String(index).padStart(3, '0')}-${Math.round(timeSec * 1000)}ms.jpg`);
}
