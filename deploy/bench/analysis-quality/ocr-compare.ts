/**
 * Compares the offline reader (tesseract.js) with PaddleOCR's PP-OCRv4 models on ONNX Runtime
 * (`@gutenye/ocr-node`) on the fixture recordings whose truth lists the words each screen showed:
 * words right, words invented, seconds per frame, cold start and peak RSS; with `--pipeline`, also the
 * whole analysis with each reader and its screen recall and precision; with `--stages`, where the analysis's
 * time goes on each recording, against ffmpeg decoding it alone.
 *
 * The Paddle package is no dependency of the product; install it outside the repository and name the folder:
 *   mkdir -p /tmp/paddle && cd /tmp/paddle && npm init -y && npm install --ignore-scripts @gutenye/ocr-node
 *   npx tsx deploy/bench/analysis-quality/ocr-compare.ts --paddle-dir /tmp/paddle [--runs 3] [--pipeline | --stages] [--only shop,saas]
 *
 * Each reader runs in a process of its own, so that its RSS and cold start are its own; the readers
 * alternate, run after run, on the same frames, and the medians are compared.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { analyzeVideo, createOcrUnderstander, type DetectedScreen } from '../../../services/analysis/src/pipeline';
import { extractJpegs } from '../../../services/analysis/src/pipeline/extract';
import { decodeSamples, planSampling } from '../../../services/analysis/src/pipeline/frame-stream';
import { KeyframeSegmenter } from '../../../services/analysis/src/pipeline/keyframes';
import { probeVideo } from '../../../services/analysis/src/pipeline/probe';
import { prepareFrames, type PreparedImage } from '../../../services/analysis/src/pipeline/ocr/frame-images';
import { PaddleEngine } from './paddle-engine';
import { TesseractEngine, type OcrLine } from '../../../services/analysis/src/pipeline/ocr/tesseract-engine';
import type { KeyFrame } from '../../../services/analysis/src/pipeline/types';
import { FIXTURE_DIR, generateRecordings } from '../../../services/analysis/test/fixtures/generate';
import type { Recording } from '../../../services/analysis/test/fixtures/recorder';
import { score, wordsOf } from './scoring';
import { median, spread, stageClock, timeDecode } from './timing';

type Reader = 'tesseract' | 'paddle';
const READERS: Reader[] = ['tesseract', 'paddle'];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const PADDLE_DIR = option('--paddle-dir') ?? process.env.PADDLE_OCR_DIR ?? '/tmp/paddle';

function makeEngine(reader: Reader): TesseractEngine | PaddleEngine {
  return reader === 'paddle' ? new PaddleEngine(PADDLE_DIR) : new TesseractEngine();
}

/** The fixture recordings (recorded first when missing) whose truth lists the words in view. */
async function recordingsWithWords(): Promise<Recording[]> {
  const only = option('--only')?.split(',');
  const recordings = await generateRecordings(only ? { only } : {});
  return recordings.filter((recording) => recording.truth.some((screen) => (screen.words?.length ?? 0) > 0));
}

interface Shot {
  recording: string;
  imagePath: string;
  timeSec: number;
  width: number;
  height: number;
  truth: string[];
}

/** Two settled moments of every screen shown 2 s or more: the middle of its time and just before it ends. */
async function extractShots(recordings: Recording[], dir: string): Promise<Shot[]> {
  const shots: Shot[] = [];
  for (const recording of recordings) {
    const mine: Shot[] = [];
    for (const screen of recording.truth) {
      if (screen.endSec - screen.startSec < 2 || !screen.words) continue;
      const truth = screen.words.filter((word) => word.length >= 3);
      for (const timeSec of [(screen.startSec + screen.endSec) / 2, screen.endSec - 0.4]) {
        const imagePath = path.join(dir, `${recording.name}-${Math.round(timeSec * 1000)}.jpg`);
        mine.push({ recording: recording.name, imagePath, timeSec, width: recording.width, height: recording.height, truth });
      }
    }
    await extractJpegs(recording.mp4, mine.map((shot) => ({ timeSec: shot.timeSec, outPath: shot.imagePath })));
    shots.push(...mine);
  }
  return shots;
}

interface FrameReading {
  ms: number;
  words: string[];
}

interface ReaderRun {
  coldMs: number;
  frames: FrameReading[];
  maxRssMb: number;
}

const WARM_UP_IMAGE = path.resolve(__dirname, '../../../services/analysis/assets/ocr-warm-up.png');

/** The engines' warm-up picture as a JPEG: what the pipeline's frame decoder reads. */
async function warmUpJpeg(dir: string): Promise<string> {
  const out = path.join(dir, 'warm-up.jpg');
  await new Promise<void>((resolve, reject) => {
    const proc = spawn(ffmpegInstaller.path, ['-v', 'error', '-y', '-i', WARM_UP_IMAGE, '-q:v', '2', out], { stdio: 'ignore' });
    proc.on('error', reject);
    proc.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
  return out;
}

/** Shots decoded and cleaned by the pipeline's own frame preparation, as the readers get them in an analysis. */
async function prepareAll(shots: Array<Pick<Shot, 'imagePath' | 'width' | 'height'>>): Promise<PreparedImage[]> {
  const frames: KeyFrame[] = shots.map((shot, index) => ({
    index,
    timeSec: 0,
    startSec: 0,
    endSec: 0,
    imagePath: shot.imagePath,
    width: shot.width,
    height: shot.height,
    scrolledFromPrevious: false,
    changedRegions: [],
  }));
  return Promise.all(prepareFrames(frames));
}

/** In a child process: one reader's cold start, then every shot read whole, one at a time. */
async function readerChild(reader: Reader, shotsFile: string): Promise<ReaderRun> {
  const shots = JSON.parse(fs.readFileSync(shotsFile, 'utf8')) as Shot[];
  const [warmUp] = await prepareAll([{ imagePath: path.join(path.dirname(shotsFile), 'warm-up.jpg'), width: 480, height: 120 }]);
  const images = await prepareAll(shots);
  if (!warmUp) throw new Error('warm-up image not decoded');
  const started = performance.now();
  const engine = makeEngine(reader);
  await engine.recognize(warmUp);
  const coldMs = performance.now() - started;
  const frames: FrameReading[] = [];
  try {
    for (const image of images) {
      const begun = performance.now();
      const lines: OcrLine[] = await engine.recognize(image);
      frames.push({ ms: performance.now() - begun, words: lines.flatMap((line) => line.words.flatMap((word) => wordsOf(word.text))) });
    }
  } finally {
    await engine.close();
  }
  return { coldMs, frames, maxRssMb: process.resourceUsage().maxRSS / 1024 };
}

interface PipelineRun {
  name: string;
  seconds: number;
  stages: Record<string, number>;
  keyFrames: number;
  ocrBusySec: number;
  durationSec: number;
  recall: number;
  precision: number;
  nameAccuracy: number;
  screens: string[];
  maxRssMb: number;
}

/**
 * In a child process: the whole analysis of each recording with one reader. The understander creates
 * tesseract engines and takes no other; for Paddle their methods are handed to a Paddle engine each, so the
 * pipeline around the reader (incremental reads, the split of whole frames over two workers) stays the same.
 * OCR busy is the wall time with a reading in flight, as in --stages.
 */
async function pipelineChild(reader: Reader, names: string[]): Promise<PipelineRun[]> {
  const proto = TesseractEngine.prototype as unknown as Record<string, unknown>;
  const paddles = new WeakMap<object, PaddleEngine>();
  const paddleOf = (engine: object): PaddleEngine => {
    let paddle = paddles.get(engine);
    if (!paddle) {
      paddle = new PaddleEngine(PADDLE_DIR);
      paddles.set(engine, paddle);
    }
    return paddle;
  };
  if (reader === 'paddle') {
    proto.recognize = function (this: TesseractEngine, ...args: Parameters<TesseractEngine['recognize']>) {
      return paddleOf(this).recognize(...args);
    };
    proto.warmUp = function (this: TesseractEngine) {
      paddleOf(this).warmUp();
    };
    proto.close = async function (this: TesseractEngine) {
      await paddleOf(this).close();
    };
  }
  const ocr = timeMethod(TesseractEngine.prototype, 'recognize');
  const runs: PipelineRun[] = [];
  for (const recording of (await recordingsWithWords()).filter((candidate) => names.includes(candidate.name))) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-compare-work-'));
    ocr.reset();
    const started = performance.now();
    const clock = stageClock();
    const understander = createOcrUnderstander();
    try {
      const result = await analyzeVideo({ videoPath: recording.mp4, workDir, understand: understander, onProgress: clock.onProgress });
      const seconds = (performance.now() - started) / 1000;
      const scored = score(result.screens, recording.truth);
      runs.push({
        name: recording.name,
        seconds,
        stages: clock.stages,
        keyFrames: result.frames?.length ?? 0,
        ocrBusySec: ocr.seconds(),
        durationSec: result.durationSec,
        recall: scored.recall,
        precision: scored.precision,
        nameAccuracy: scored.nameAccuracy,
        screens: result.screens.map((screen: DetectedScreen) => screen.screenName),
        maxRssMb: process.resourceUsage().maxRSS / 1024,
      });
    } finally {
      await understander.close?.();
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  }
  return runs;
}

/** Runs this script again as a child and returns the JSON it prints last. */
function child<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...process.execArgv, __filename, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', reject);
    proc.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`child ${args.join(' ')} exited ${code}`));
      else resolve(JSON.parse(last) as T);
    });
  });
}

/** The share of the truth words read, and the read words that are nowhere in the truth, over all shots. */
function quality(shots: Shot[], frames: FrameReading[]): { right: number; truthWords: number; invented: number; readWords: number } {
  let right = 0;
  let truthWords = 0;
  let invented = 0;
  let readWords = 0;
  shots.forEach((shot, i) => {
    const truth = new Set(shot.truth);
    const read = new Set(frames[i]?.words ?? []);
    truthWords += truth.size;
    for (const word of truth) if (read.has(word)) right += 1;
    readWords += read.size;
    for (const word of read) if (!truth.has(word)) invented += 1;
  });
  return { right, truthWords, invented, readWords };
}

async function compareReaders(runs: number): Promise<void> {
  const recordings = await recordingsWithWords();
  if (recordings.length === 0) throw new Error(`no recording in ${FIXTURE_DIR} has truth words: record them again with services/analysis/test/fixtures/generate.ts --fresh`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-compare-'));
  try {
    const shots = await extractShots(recordings, dir);
    const shotsFile = path.join(dir, 'shots.json');
    await warmUpJpeg(dir);
    fs.writeFileSync(shotsFile, JSON.stringify(shots));
    const results: Record<Reader, ReaderRun[]> = { tesseract: [], paddle: [] };
    for (let run = 0; run < runs; run += 1) {
      // Which reader goes first alternates, so that neither always meets the same neighbours' load.
      for (const reader of run % 2 === 0 ? READERS : [...READERS].reverse()) {
        results[reader].push(await child<ReaderRun>(['--child', reader, shotsFile]));
      }
    }
    const sizes = [...new Set(recordings.map((recording) => `${recording.name} ${recording.width}x${recording.height}`))];
    console.log(`${shots.length} frames from ${sizes.join(', ')}; ${runs} runs per reader, alternating; ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`);
    console.log('reader      words right         words invented      s/frame (median, range of run medians)   cold start s   peak RSS MB');
    for (const reader of READERS) {
      const readerRuns = results[reader];
      const first = readerRuns[0];
      if (!first) continue;
      const q = quality(shots, first.frames);
      const perFrame = readerRuns.map((r) => median(r.frames.map((frame) => frame.ms / 1000)));
      console.log(
        `${reader.padEnd(10)}  ${((100 * q.right) / q.truthWords).toFixed(1)} % (${q.right}/${q.truthWords})`.padEnd(32) +
          `${((100 * q.invented) / q.readWords).toFixed(1)} % (${q.invented}/${q.readWords})`.padEnd(20) +
          `${median(perFrame).toFixed(2)} (${spread(perFrame)})`.padEnd(41) +
          `${median(readerRuns.map((r) => r.coldMs / 1000)).toFixed(2)} (${spread(readerRuns.map((r) => r.coldMs / 1000))})`.padEnd(15) +
          `${median(readerRuns.map((r) => r.maxRssMb)).toFixed(0)}`,
      );
      for (const recording of recordings) {
        const indexes = shots.flatMap((shot, i) => (shot.recording === recording.name ? [i] : []));
        const rq = quality(indexes.map((i) => shots[i] as Shot), indexes.map((i) => first.frames[i] as FrameReading));
        const ms = readerRuns.map((r) => median(indexes.map((i) => r.frames[i]?.ms ?? Number.NaN)) / 1000);
        console.log(
          `  ${recording.name.padEnd(16)} right ${((100 * rq.right) / rq.truthWords).toFixed(1)} %, invented ${((100 * rq.invented) / rq.readWords).toFixed(1)} %, ${median(ms).toFixed(2)} s/frame`,
        );
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function comparePipelines(runs: number): Promise<void> {
  const recordings = await recordingsWithWords();
  const names = recordings.map((recording) => recording.name);
  const results: Record<Reader, PipelineRun[][]> = { tesseract: [], paddle: [] };
  const decodes = new Map<string, number[]>();
  for (let run = 0; run < runs; run += 1) {
    for (const recording of recordings) {
      decodes.set(recording.name, [...(decodes.get(recording.name) ?? []), await timeDecode(recording.mp4)]);
    }
    for (const reader of run % 2 === 0 ? READERS : [...READERS].reverse()) {
      results[reader].push(await child<PipelineRun[]>(['--pipeline-child', reader, names.join(',')]));
    }
  }
  console.log('recording        reader     analysis s (range)    decode s  ratio  key frames  OCR busy s  recall  precision  names');
  for (const name of names) {
    const decodeSec = median(decodes.get(name) ?? []);
    for (const reader of READERS) {
      const mine = results[reader].flatMap((runsOfReader) => runsOfReader.filter((r) => r.name === name));
      const first = mine[0];
      if (!first) continue;
      const seconds = mine.map((r) => r.seconds);
      console.log(
        `${name.padEnd(16)} ${reader.padEnd(10)} ${median(seconds).toFixed(1).padStart(6)} (${spread(seconds)})`.padEnd(50) +
          `${decodeSec.toFixed(2).padStart(6)}  ${(median(seconds) / decodeSec).toFixed(1).padStart(5)}  ${String(first.keyFrames).padStart(10)}  ` +
          `${median(mine.map((r) => r.ocrBusySec)).toFixed(1).padStart(10)}  ${first.recall.toFixed(2).padStart(6)}  ${first.precision.toFixed(2).padStart(9)}  ${first.nameAccuracy.toFixed(2)}`,
      );
      console.log(`  stages: ${Object.entries(first.stages).map(([stage, s]) => `${stage} ${s.toFixed(1)} s`).join(', ')}; peak RSS ${median(mine.map((r) => r.maxRssMb)).toFixed(0)} MB; per minute of video ${((60 * median(seconds)) / first.durationSec).toFixed(1)} s`);
      console.log(`  screens: ${first.screens.join(' | ')}`);
    }
  }
}

/** Busy wall time of the calls to a prototype's method, summed (calls in flight at once count once). */
function timeMethod(proto: object, name: string): { seconds(): number; reset(): void } {
  const target = proto as Record<string, unknown>;
  const original = target[name] as (...args: unknown[]) => unknown;
  let inFlight = 0;
  let since = 0;
  let total = 0;
  const enter = (): void => {
    if (inFlight === 0) since = performance.now();
    inFlight += 1;
  };
  const leave = (): void => {
    inFlight -= 1;
    if (inFlight === 0) total += performance.now() - since;
  };
  target[name] = function (this: unknown, ...args: unknown[]) {
    enter();
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      leave();
      throw error;
    }
    if (result instanceof Promise) return result.finally(leave);
    leave();
    return result;
  };
  return { seconds: () => total / 1000, reset: () => (total = 0) };
}

/**
 * Where the analysis's time goes, per recording: ffmpeg decoding the file alone; the sampling decode alone;
 * then the analysis (OCR workers starting, then warm), with the time in key frame detection and in OCR
 * calls measured inside it; then the screenshots' extraction alone. Layout and frame preparation run on the
 * main thread between those: run with --cpu-prof to split them.
 */
async function profileStages(runs: number): Promise<void> {
  const segmenterPush = timeMethod(KeyframeSegmenter.prototype, 'push');
  const ocr = timeMethod(TesseractEngine.prototype, 'recognize');
  for (const recording of await recordingsWithWords()) {
    const rows: string[] = [];
    const decodes: number[] = [];
    const totals: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      decodes.push(await timeDecode(recording.mp4));
      const info = await probeVideo(recording.mp4);
      const plan = planSampling(info);
      let begun = performance.now();
      await decodeSamples(recording.mp4, plan, Math.max(1, Math.floor(info.durationSec * plan.fps)), () => undefined);
      const samplingSec = (performance.now() - begun) / 1000;
      const understander = createOcrUnderstander();
      try {
        for (const label of ['starting', 'warm']) {
          const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-compare-stages-'));
          segmenterPush.reset();
          ocr.reset();
          begun = performance.now();
          const { stages, onProgress } = stageClock();
          try {
            const result = await analyzeVideo({ videoPath: recording.mp4, workDir, understand: understander, onProgress });
            const total = (performance.now() - begun) / 1000;
            if (label === 'warm') totals.push(total);
            const shotsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-compare-shots-'));
            const shots = (result.frames ?? []).map((frame, i) => ({ timeSec: frame.timeSec, outPath: path.join(shotsDir, `${i}.jpg`) }));
            const unique = shots.filter((shot, i) => shots.findIndex((other) => other.timeSec === shot.timeSec) === i);
            const shotsBegun = performance.now();
            // As the pipeline extracts them: batches of up to six, two at once.
            const batches = Array.from({ length: Math.ceil(unique.length / 6) }, (_, i) => unique.slice(i * 6, i * 6 + 6));
            const queue = [...batches];
            await Promise.all([0, 1].map(async () => {
              for (let batch = queue.shift(); batch; batch = queue.shift()) await extractJpegs(recording.mp4, batch);
            }));
            const shotsSec = (performance.now() - shotsBegun) / 1000;
            fs.rmSync(shotsDir, { recursive: true, force: true });
            rows.push(
              `  ${label.padEnd(8)} run ${run + 1}: decode ${decodes[run]?.toFixed(2)} s, sampling alone ${samplingSec.toFixed(2)} s | total ${total.toFixed(2)} s = ` +
                `probe ${(stages.probe ?? 0).toFixed(2)} + keyframes ${(stages.keyframes ?? 0).toFixed(2)} (detection ${segmenterPush.seconds().toFixed(2)}) + ` +
                `understanding ${(stages.understanding ?? 0).toFixed(2)} (OCR busy ${ocr.seconds().toFixed(2)}) + specs ${(stages['page specs'] ?? 0).toFixed(2)} | ` +
                `screenshots alone ${shotsSec.toFixed(2)} s for ${unique.length} | ${result.frames?.length ?? 0} key frames | ratio ${(total / (decodes[run] ?? Number.NaN)).toFixed(1)}`,
            );
          } finally {
            fs.rmSync(workDir, { recursive: true, force: true });
          }
        }
      } finally {
        await understander.close?.();
      }
    }
    console.log(
      `${recording.name} (${recording.width}x${recording.height}, ${recording.durationSec.toFixed(0)} s): decode ${median(decodes).toFixed(2)} s (${spread(decodes)}), ` +
        `warm analysis ${median(totals).toFixed(2)} s (${spread(totals)}), ratio ${(median(totals) / median(decodes)).toFixed(1)}`,
    );
    rows.forEach((row) => console.log(row));
  }
}

async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child');
  const pipelineAt = process.argv.indexOf('--pipeline-child');
  if (childAt >= 0) {
    const result = await readerChild(process.argv[childAt + 1] as Reader, process.argv[childAt + 2] ?? '');
    process.stdout.write(`\n${JSON.stringify(result)}\n`);
    return;
  }
  if (pipelineAt >= 0) {
    const result = await pipelineChild(process.argv[pipelineAt + 1] as Reader, (process.argv[pipelineAt + 2] ?? '').split(','));
    process.stdout.write(`\n${JSON.stringify(result)}\n`);
    return;
  }
  const runs = Number(option('--runs') ?? 3);
  if (process.argv.includes('--stages')) await profileStages(runs);
  else if (process.argv.includes('--pipeline')) await comparePipelines(runs);
  else await compareReaders(runs);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
