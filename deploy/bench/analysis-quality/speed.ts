/**
 * Speed benchmark of the offline analysis: a 5-minute 1280x720 15 fps screen recording (the Chromium
 * fixture recordings, letterboxed and looped, with their cuts, scrolls and typing) goes through
 * analyzeVideo. Prints the wall time (with the OCR workers starting, and warm as in a running service),
 * the time ffmpeg alone needs to decode the same file, their ratios and the peak RSS of this process
 * (tesseract's worker threads live in it). Run:
 * `npx tsx deploy/bench/analysis-quality/speed.ts [--fresh]`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { analyzeVideo, createOcrUnderstander, type ScreenUnderstander } from '../../../services/analysis/src/pipeline';
import { FIXTURE_DIR, generateRecordings, TUNED_SESSIONS } from '../../../services/analysis/test/fixtures/generate';
import { median, stageClock, timeDecode } from './timing';

const run = promisify(execFile);
const ffmpeg = ffmpegInstaller.path;

const DURATION_SEC = 300;
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 15;
const TARGETS = { seconds: 60, ratio: 3, rssMb: 1024 };

/** Loops the recordings the analyzer was tuned on, each fitted into 1280x720, until five minutes are filled. */
async function makeLongVideo(out: string): Promise<void> {
  const recordings = await generateRecordings({ only: TUNED_SESSIONS.map((session) => session.name) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-speed-'));
  try {
    const segments: Array<{ file: string; seconds: number }> = [];
    for (const recording of recordings) {
      const file = path.join(dir, `${recording.name}.mp4`);
      await run(ffmpeg, [
        '-v', 'error', '-y', '-i', recording.mp4,
        '-vf', `scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=decrease,pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=0xf1f5f9,fps=${FPS},format=yuv420p`,
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-g', String(FPS * 4), '-an', file,
      ]);
      segments.push({ file, seconds: recording.durationSec });
    }
    const list: string[] = [];
    for (let total = 0, i = 0; total < DURATION_SEC + 5; i += 1) {
      const segment = segments[i % segments.length];
      if (!segment) break;
      list.push(`file '${segment.file}'`);
      total += segment.seconds;
    }
    const listPath = path.join(dir, 'list.txt');
    fs.writeFileSync(listPath, list.join('\n'));
    await run(ffmpeg, ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', listPath, '-t', String(DURATION_SEC), '-c', 'copy', out]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const RUNS = 3;

interface Analysis {
  seconds: number;
  stages: string[];
  screens: number;
  frames: number;
  width: number;
  height: number;
  durationSec: number;
}

async function timeAnalysis(video: string, understand: ScreenUnderstander): Promise<Analysis> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-speed-work-'));
  const started = performance.now();
  const clock = stageClock();
  try {
    const result = await analyzeVideo({ videoPath: video, workDir, understand, onProgress: clock.onProgress });
    const { width, height, durationSec } = result;
    const seconds = (performance.now() - started) / 1000;
    const stages = Object.entries(clock.stages).map(([stage, s]) => `${stage} ${s.toFixed(1)} s`);
    return { seconds, stages, screens: result.screens.length, frames: result.frames?.length ?? 0, width, height, durationSec };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * A shared 2-core machine varies by a third from one run to the next: decodes and analyses alternate,
 * three of each, and their medians are compared. Each round analyses the video twice with one
 * understander, as the analysis service does: first with its OCR workers starting (the first video after
 * the service starts, or after ten idle minutes), then with them warm (the next video).
 */
async function main(): Promise<void> {
  const video = path.join(FIXTURE_DIR, 'speed-5min-1280x720.mp4');
  if (process.argv.includes('--fresh') || !fs.existsSync(video)) await makeLongVideo(video);

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const decodes: number[] = [];
  const starting: Analysis[] = [];
  const warm: Analysis[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      decodes.push(await timeDecode(video));
      const understander = createOcrUnderstander();
      try {
        starting.push(await timeAnalysis(video, understander));
        warm.push(await timeAnalysis(video, understander));
      } finally {
        await understander.close?.();
      }
    }
  } finally {
    clearInterval(sampler);
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const decodeSec = median(decodes);
  const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');
  const list = (values: number[]): string => values.map((value) => value.toFixed(1)).join(', ');
  /** The run whose time is the median. */
  const typicalOf = (analyses: Analysis[]): Analysis => {
    const seconds = median(analyses.map((analysis) => analysis.seconds));
    const typical = analyses.find((analysis) => analysis.seconds === seconds);
    if (!typical) throw new Error('no analysis ran');
    return typical;
  };
  const first = typicalOf(starting);
  const next = typicalOf(warm);
  const rssMb = peakRss / 1024 / 1024;
  console.log(`video: ${path.basename(video)} (${next.width}x${next.height}, ${next.durationSec.toFixed(0)} s), ${os.cpus().length} cores`);
  console.log(`runs: decode ${list(decodes)} s; analysis with OCR workers starting ${list(starting.map((analysis) => analysis.seconds))} s, warm ${list(warm.map((analysis) => analysis.seconds))} s (medians compared)`);
  for (const [label, analysis] of [['starting', first], ['warm', next]] as const) {
    console.log(`stages (${label}): ${analysis.stages.join(', ')}; screens ${analysis.screens}, key frames understood ${analysis.frames}`);
  }
  console.log(`ffmpeg decode                     ${decodeSec.toFixed(1).padStart(5)} s`);
  for (const [label, analysis] of [['first video (OCR workers start)', first], ['next videos (OCR workers warm)', next]] as const) {
    const ratio = analysis.seconds / decodeSec;
    const ok = analysis.seconds <= TARGETS.seconds && ratio <= TARGETS.ratio;
    console.log(`${label.padEnd(32)}  ${analysis.seconds.toFixed(1).padStart(5)} s   ratio ${ratio.toFixed(2)}   targets ≤ ${TARGETS.seconds} s, ≤ ${TARGETS.ratio}   ${verdict(ok)}`);
  }
  console.log(`peak RSS                          ${rssMb.toFixed(0).padStart(5)} MB  target < ${TARGETS.rssMb} MB   ${verdict(rssMb < TARGETS.rssMb)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
