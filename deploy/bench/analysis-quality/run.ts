/**
 * Analysis quality benchmark: records the fixture products in Chromium (cached in
 * services/analysis/.fixtures), runs the offline pipeline on each video, builds the tracking plan offline
 * from it, and prints screen recall, precision, name accuracy, the expected plan events found, the names
 * with a misread word, the reader's word accuracy, speed and memory.
 * Run: `npx tsx deploy/bench/analysis-quality/run.ts [--fresh] [--verbose] [--held-out] [--only=music,shop-desktop]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeVideo } from '../../../services/analysis/src/pipeline';
import {
  generateRecordings,
  HELD_OUT_SESSIONS,
  SESSIONS,
} from '../../../services/analysis/test/fixtures/generate';
import type { Recording } from '../../../services/analysis/test/fixtures/recorder';
import { timeDecode } from './timing';
import { loadDictionary, planOf, productAnalysisOf, scorePlan, type PlanScore } from './plan-scoring';
import { readerScore, score, shownWords, strictNameMatches, type ReaderScore, type Score } from './scoring';

interface Row {
  video: string;
  durationSec: number;
  seconds: number;
  /** ffmpeg's decode of the same file, timed right after its analysis. */
  decodeSeconds: number;
  score: Score;
  plan: PlanScore;
  reader: ReaderScore | null;
  peakRssMb: number;
}

const pct = (value: number): string => `${(value * 100).toFixed(0)}%`;

/** The site's own expectations win over a cached truth file's, so editing them needs no new recording. */
function expectedEventsOf(recording: Recording) {
  return SESSIONS.find((session) => session.name === recording.name)?.expectedEvents ?? recording.expectedEvents ?? [];
}

/** The product's type as its owner gives it at onboarding, which the plan's generation job passes on. */
function productTypeOf(recording: Recording) {
  return SESSIONS.find((session) => session.name === recording.name)?.productType ?? 'website';
}

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  const verbose = process.argv.includes('--verbose');
  const heldOut = process.argv.includes('--held-out');
  const named = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const heldOutNames = HELD_OUT_SESSIONS.map((session) => session.name);
  const only = heldOut ? heldOutNames.filter((name) => !named || named.includes(name)) : named;
  const recordings = await generateRecordings({ fresh, ...(only ? { only } : {}) });
  const dictionary = loadDictionary();
  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-bench-'));
  const rows: Row[] = [];
  for (const recording of recordings) {
    const videos = [recording.mp4, ...(recording.webm ? [recording.webm] : [])];
    for (const video of videos) {
      const started = performance.now();
      const result = await analyzeVideo({ videoPath: video, workDir: path.join(workRoot, path.basename(video)) });
      const seconds = (performance.now() - started) / 1000;
      const peakRssMb = process.resourceUsage().maxRSS / 1024;
      const decodeSeconds = await timeDecode(video);
      const rowScore = score(result.screens, recording.truth);
      const analysis = await productAnalysisOf(result, path.basename(video));
      const plan = planOf(analysis, productTypeOf(recording));
      const planScore = scorePlan(plan, analysis, expectedEventsOf(recording), dictionary, shownWords(recording.truth));
      const reader = readerScore(recording.truth, result.frames ?? []);
      rows.push({ video: path.basename(video), durationSec: result.durationSec, seconds, decodeSeconds, score: rowScore, plan: planScore, reader, peakRssMb });
      console.log(`\n${path.basename(video)} (${result.width}x${result.height}, ${result.durationSec.toFixed(1)} s)`);
      console.log(`  truth:    ${recording.truth.map((t) => t.name).join(' → ')}`);
      console.log(`  detected: ${result.screens.map((s) => `${s.screenName} [${s.visits.map((v) => `${v.startSec}-${v.endSec}`).join(', ')}]`).join(' | ')}`);
      for (const pair of rowScore.pairs) {
        const strict = pair.detected.some((name) => strictNameMatches(name, pair.truth)) ? '✓' : '✗';
        console.log(`    ${strict} ${pair.truth.padEnd(20)} ← ${pair.detected.join(' / ') || '(nothing)'}`);
      }
      if (rowScore.unmatched.length) console.log(`  unmatched detections: ${rowScore.unmatched.join(' | ')}`);
      console.log(`  plan:     ${planScore.events.length} events; expected found ${planScore.found}/${planScore.expected}`);
      if (planScore.missing.length) console.log(`  missing:  ${planScore.missing.join(' | ')}`);
      console.log(`  misread:  ${planScore.misread.join(' | ') || '(none)'}`);
      if (reader) {
        console.log(`  reader:   ${reader.read}/${reader.truthWords} truth words read (${pct(reader.accuracy)})${reader.unread.length ? `; no frame read during ${reader.unread.join(', ')}` : ''}`);
      }
      if (verbose) {
        console.log(`  events:   ${planScore.events.join(', ')}`);
        for (const s of result.screens) {
          console.log(`  • ${s.screenName}: ${s.description}`);
          console.log(`      elements: ${s.elements.map((e) => `${e.kind}:${e.label}`).join(', ')}`);
          console.log(`      actions:  ${s.actions.map((a) => `${a.kind}${a.target ? `(${a.target})` : ''}${a.toScreen ? `→${a.toScreen}` : ''}@${a.atSec}`).join(', ')}`);
        }
      }
    }
  }
  const total = rows.reduce(
    (sum, row) => ({
      truth: sum.truth + row.score.truthScreens,
      recalled: sum.recalled + row.score.recalled,
      detected: sum.detected + row.score.detectedScreens,
      correct: sum.correct + row.score.correct,
      timeMatched: sum.timeMatched + row.score.timeMatched,
      wellNamed: sum.wellNamed + row.score.wellNamed,
      strictlyNamed: sum.strictlyNamed + row.score.strictlyNamed,
      expected: sum.expected + row.plan.expected,
      found: sum.found + row.plan.found,
      misread: sum.misread + row.plan.misread.length,
      truthWords: sum.truthWords + (row.reader?.truthWords ?? 0),
      read: sum.read + (row.reader?.read ?? 0),
      duration: sum.duration + row.durationSec,
      seconds: sum.seconds + row.seconds,
      decodeSeconds: sum.decodeSeconds + row.decodeSeconds,
    }),
    { truth: 0, recalled: 0, detected: 0, correct: 0, timeMatched: 0, wellNamed: 0, strictlyNamed: 0, expected: 0, found: 0, misread: 0, truthWords: 0, read: 0, duration: 0, seconds: 0, decodeSeconds: 0 },
  );
  console.log('\nvideo                      recall  precision  names  strict names  events  misread  words  s/min-video  analysis  decode  ratio  peak RSS');
  const line = (video: string, cells: string[]): string =>
    `${video.padEnd(26)} ${cells.map((cell, i) => cell.padStart([6, 10, 6, 13, 7, 8, 6, 12, 9, 7, 6, 9][i] ?? 6)).join(' ')}`;
  for (const row of rows) {
    console.log(
      line(row.video, [
        pct(row.score.recall),
        pct(row.score.precision),
        pct(row.score.nameAccuracy),
        `${row.score.strictlyNamed}/${row.score.timeMatched}`,
        `${row.plan.found}/${row.plan.expected}`,
        String(row.plan.misread.length),
        row.reader ? pct(row.reader.accuracy) : 'n/a',
        ((row.seconds / row.durationSec) * 60).toFixed(1),
        `${row.seconds.toFixed(1)} s`,
        `${row.decodeSeconds.toFixed(1)} s`,
        (row.seconds / row.decodeSeconds).toFixed(1),
        `${row.peakRssMb.toFixed(0)} MB`,
      ]),
    );
  }
  console.log(
    line('overall', [
      pct(total.recalled / total.truth),
      pct(total.correct / total.detected),
      pct(total.wellNamed / total.timeMatched),
      `${total.strictlyNamed}/${total.timeMatched}`,
      `${total.found}/${total.expected}`,
      String(total.misread),
      total.truthWords ? pct(total.read / total.truthWords) : 'n/a',
      ((total.seconds / total.duration) * 60).toFixed(1),
      `${total.seconds.toFixed(1)} s`,
      `${total.decodeSeconds.toFixed(1)} s`,
      (total.seconds / total.decodeSeconds).toFixed(1),
      `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    ]),
  );
  fs.rmSync(workRoot, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
