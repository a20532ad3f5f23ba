/**
 * Analysis quality benchmark: records the fixture products in Chromium (cached in
 * services/analysis/.fixtures), runs the offline pipeline on each video and prints screen recall,
 * precision, name accuracy, speed and memory.
 * Run: `npx tsx deploy/bench/analysis-quality/run.ts [--fresh] [--verbose] [--only=music,shop]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeVideo } from '../../../services/analysis/src/pipeline';
import { generateRecordings } from '../../../services/analysis/test/fixtures/generate';
import { score, strictNameMatches, type Score } from './scoring';

interface Row {
  video: string;
  durationSec: number;
  seconds: number;
  score: Score;
  peakRssMb: number;
}

const pct = (value: number): string => `${(value * 100).toFixed(0)}%`;

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  const verbose = process.argv.includes('--verbose');
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const recordings = await generateRecordings({ fresh, ...(only ? { only } : {}) });
  const workRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklens-bench-'));
  const rows: Row[] = [];
  for (const recording of recordings) {
    const videos = [recording.mp4, ...(recording.webm ? [recording.webm] : [])];
    for (const video of videos) {
      const started = performance.now();
      const result = await analyzeVideo({ videoPath: video, workDir: path.join(workRoot, path.basename(video)) });
      const seconds = (performance.now() - started) / 1000;
      const rowScore = score(result.screens, recording.truth);
      rows.push({
        video: path.basename(video),
        durationSec: result.durationSec,
        seconds,
        score: rowScore,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
      });
      console.log(`\n${path.basename(video)} (${result.width}x${result.height}, ${result.durationSec.toFixed(1)} s)`);
      console.log(`  truth:    ${recording.truth.map((t) => t.name).join(' → ')}`);
      console.log(`  detected: ${result.screens.map((s) => `${s.screenName} [${s.visits.map((v) => `${v.startSec}-${v.endSec}`).join(', ')}]`).join(' | ')}`);
      for (const pair of rowScore.pairs) {
        const strict = pair.detected.some((name) => strictNameMatches(name, pair.truth)) ? '✓' : '✗';
        console.log(`    ${strict} ${pair.truth.padEnd(20)} ← ${pair.detected.join(' / ') || '(nothing)'}`);
      }
      if (rowScore.unmatched.length) console.log(`  unmatched detections: ${rowScore.unmatched.join(' | ')}`);
      if (verbose) {
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
      duration: sum.duration + row.durationSec,
      seconds: sum.seconds + row.seconds,
    }),
    { truth: 0, recalled: 0, detected: 0, correct: 0, timeMatched: 0, wellNamed: 0, strictlyNamed: 0, duration: 0, seconds: 0 },
  );
  console.log('\nvideo                      recall  precision  names  strict names  s/min-video  peak RSS');
  for (const row of rows) {
    console.log(
      `${row.video.padEnd(26)} ${pct(row.score.recall).padStart(6)} ${pct(row.score.precision).padStart(10)} ${pct(row.score.nameAccuracy).padStart(6)} ${`${row.score.strictlyNamed}/${row.score.timeMatched}`.padStart(13)} ${((row.seconds / row.durationSec) * 60).toFixed(1).padStart(12)} ${row.peakRssMb.toFixed(0).padStart(6)} MB`,
    );
  }
  console.log(
    `${'overall'.padEnd(26)} ${pct(total.recalled / total.truth).padStart(6)} ${pct(total.correct / total.detected).padStart(10)} ${pct(total.wellNamed / total.timeMatched).padStart(6)} ${`${total.strictlyNamed}/${total.timeMatched}`.padStart(13)} ${((total.seconds / total.duration) * 60).toFixed(1).padStart(12)} ${(process.resourceUsage().maxRSS / 1024).toFixed(0).padStart(6)} MB`,
  );
  fs.rmSync(workRoot, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
