/** Grabs full-resolution JPEGs of the settled moments: the screenshots of the page specs. */
import path from 'node:path';
import { ffmpegPath, runProcess } from './ffmpeg';

export interface Shot {
  timeSec: number;
  outPath: string;
}

/**
 * Writes one JPEG per shot with a single ffmpeg, which opens the video once per shot (an input each): the
 * same images as one process per shot, while starting a process from the analysis, whose OCR workers hold
 * hundreds of MB, costs tens of milliseconds and slows those workers down.
 */
export async function extractJpegs(videoPath: string, shots: readonly Shot[], signal?: AbortSignal): Promise<void> {
  if (shots.length === 0) return;
  await runProcess(
    ffmpegPath,
    [
      '-v', 'error', '-nostdin', '-y',
      // Input seeking decodes from the previous keyframe up to the exact time, so this is frame-accurate.
      // Two extractions run at once, one thread each: more threads only contend for the two cores.
      // Frames no other frame refers to are skipped, as in sampling: the grab is a frame the sampler saw,
      // and the decode from the keyframe costs a third less.
      ...shots.flatMap((shot) => ['-threads', '1', '-skip_frame', 'noref', '-ss', shot.timeSec.toFixed(3), '-i', videoPath]),
      ...shots.flatMap((shot, input) => ['-map', `${input}:v`, '-frames:v', '1', '-an', '-q:v', '3', shot.outPath]),
    ],
    { signal },
  );
}

export function keyframePath(workDir: string, index: number, timeSec: number, kind: 'keyframe' | 'rest' = 'keyframe'): string {
  return path.join(workDir, `${kind}-${String(index).padStart(3, '0')}-${Math.round(timeSec * 1000)}ms.jpg`);
}
