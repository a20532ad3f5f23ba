import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { extractJpegs } from '../../src/pipeline/extract';
import { decodeSamples, planSampling } from '../../src/pipeline/frame-stream';

const run = promisify(execFile);

describe('decodeSamples and extractJpegs', () => {
  let dir: string;
  let video: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-samples-'));
    video = path.join(dir, 'counter.mp4');
    // A counter that changes every frame, encoded like a screen recording (B-frames, a key frame every 4 s).
    await run(ffmpegInstaller.path, [
      '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15:duration=40',
      '-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-pix_fmt', 'yuv420p', video,
    ]);
  }, 60_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('should give, in order and at their times, the samples one pass over the whole video gives', async () => {
    const plan = planSampling({ width: 320, height: 180, durationSec: 40, fps: 15 });
    const frames: Buffer[] = [];
    const times: number[] = [];
    const count = await decodeSamples(video, plan, 160, (frame, timeSec) => {
      frames.push(Buffer.from(frame.data));
      times.push(timeSec);
    });

    const { stdout } = await run(
      ffmpegInstaller.path,
      [
        '-v', 'error', '-skip_loop_filter', 'all', '-skip_frame', 'noref', '-i', video,
        '-vf', `fps=${plan.fps},scale=${plan.width}:${plan.height}:flags=area,format=gray`, '-f', 'rawvideo', 'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    const size = plan.width * plan.height;
    expect(count).toBe(stdout.length / size);
    expect(frames).toHaveLength(count);
    frames.forEach((frame, i) => expect(frame.equals(stdout.subarray(i * size, (i + 1) * size))).toBe(true));
    expect(times).toEqual(frames.map((_, i) => i / plan.fps));
  }, 60_000);

  it('should extract, with one ffmpeg for several moments, the images one ffmpeg per moment gives', async () => {
    const times = [0.5, 7.9, 8.0, 23.4, 39.5];
    const shots = times.map((timeSec, i) => ({ timeSec, outPath: path.join(dir, `batch-${i}.jpg`) }));
    await extractJpegs(video, shots);
    for (const [i, shot] of shots.entries()) {
      const alone = path.join(dir, `alone-${i}.jpg`);
      await extractJpegs(video, [{ timeSec: shot.timeSec, outPath: alone }]);
      expect(fs.readFileSync(shot.outPath).equals(fs.readFileSync(alone))).toBe(true);
    }
    // Distinct moments, distinct images (the counter changes every frame).
    expect(new Set(shots.map((shot) => fs.readFileSync(shot.outPath).toString('base64'))).size).toBe(times.length);
  }, 60_000);
});
