/** The yardstick of analysis speed: the seconds the product's own ffmpeg needs to decode a video, nothing else. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const run = promisify(execFile);

export async function timeDecode(video: string): Promise<number> {
  const started = performance.now();
  await run(ffmpegInstaller.path, ['-v', 'error', '-nostdin', '-i', video, '-f', 'null', '-']);
  return (performance.now() - started) / 1000;
}
