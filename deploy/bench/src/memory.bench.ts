/**
 * Benchmark of memory: the RSS of every process of the product at rest (ready, then 10 s idle), on a first
 * start (fresh data) and a second start on the same data, for the all-in-one and the distributed start; then,
 * on the second start, the peak RSS while one sample video is uploaded and analysed (every process, ffmpeg
 * included, sampled every 200 ms; the total is the largest sum of one sample) and the analysis wall time from
 * registration to page specs ready. Writes results/memory.json.
 * Run: `node deploy/bench/dist/memory.bench.js [--start=all-in-one,distributed]`.
 */
import { SERVICE_NAMES } from '@tracklens/kit';
import { createProduct, registerUser, uploadVideo, waitForAnalysis } from './support/api';
import {
  START_KINDS,
  distributedBacking,
  forEachStart,
  removeDataDir,
  startProduct,
  type RunningProduct,
  type StartKind,
} from './support/product';
import { chosen, fixed, line, printHeader, printTable, progress, runBench, writeResults } from './support/report';
import { RssSampler, mb, rssKb, type RssSummary } from './support/rss';
import { sampleVideo } from './support/video';

const IDLE_MS = 10_000;
const SAMPLE_EVERY_MS = 200;
const ANALYSIS_TIMEOUT_MS = 15 * 60_000;
/** Lines in the order of ARCHITECTURE: the launcher or the whole product, the gateway, then each service. */
const ORDER = ['tracklens', 'launcher', 'gateway', ...SERVICE_NAMES];

interface ProcessFigure {
  name: string;
  pid: number;
  mb: number;
}

interface AtRest {
  start: StartKind;
  run: 'first start' | 'second start';
  processes: ProcessFigure[];
  totalMb: number;
}

interface DuringAnalysis {
  start: StartKind;
  video: string;
  status: string;
  /** Status polls that failed (and were retried) while the analysis ran. */
  failedPolls: number;
  /** From the registration's answer to the video's page specs ready. */
  analysisSeconds: number;
  processes: Array<{ name: string; restMb: number; peakMb: number }>;
  /** The total at the start of sampling, and the largest total of one sample. */
  restTotalMb: number;
  peakTotalMb: number;
}

function byOrder<T extends { name: string }>(list: T[]): T[] {
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return [...list].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

async function atRest(product: RunningProduct, run: AtRest['run']): Promise<AtRest> {
  progress(`${product.start}, ${run}: ${IDLE_MS / 1000} s idle`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const processes = byOrder(
    product.processes().flatMap(({ name, pid }) => {
      const kb = rssKb(pid);
      return kb === undefined ? [] : [{ name, pid, mb: mb(kb) }];
    }),
  );
  return { start: product.start, run, processes, totalMb: processes.reduce((sum, p) => sum + p.mb, 0) };
}

async function duringAnalysis(product: RunningProduct): Promise<DuringAnalysis> {
  const video = sampleVideo();
  const session = await registerUser(product.url);
  const created = await createProduct(product.url, session.cookie);
  progress(`${product.start}: upload and analysis of ${video}`);
  const sampler = new RssSampler(() => product.processes(), SAMPLE_EVERY_MS).start();
  let analysis: { status: string; ms: number; failedPolls: number };
  let rss: RssSummary;
  try {
    const uploaded = await uploadVideo(product.url, session.cookie, created.id, video);
    analysis = await waitForAnalysis(product.url, session.cookie, created.id, uploaded.video.id, ANALYSIS_TIMEOUT_MS);
  } finally {
    rss = sampler.stop();
  }
  return {
    start: product.start,
    video,
    status: analysis.status,
    failedPolls: analysis.failedPolls,
    analysisSeconds: analysis.ms / 1000,
    processes: byOrder(rss.processes).map((p) => ({ name: p.name, restMb: mb(p.firstKb), peakMb: mb(p.peakKb) })),
    restTotalMb: mb(rss.firstTotalKb),
    peakTotalMb: mb(rss.peakTotalKb),
  };
}

async function measureStart(start: StartKind): Promise<{ rest: AtRest[]; analysis: DuringAnalysis } | { skipped: string }> {
  const backing = start === 'distributed' ? await distributedBacking('memory') : undefined;
  if (backing && 'unavailable' in backing) return { skipped: backing.unavailable };
  const options = backing ? { backing } : {};
  progress(`starting ${start} (first start)`);
  const first = await startProduct(start, options);
  try {
    let rest: AtRest[];
    try {
      rest = [await atRest(first, 'first start')];
    } finally {
      await first.stop();
    }
    progress(`starting ${start} (second start, same data)`);
    const second = await startProduct(start, { ...options, dataDir: first.dataDir });
    try {
      rest.push(await atRest(second, 'second start'));
      return { rest, analysis: await duringAnalysis(second) };
    } finally {
      await second.stop();
    }
  } finally {
    removeDataDir(first.dataDir);
  }
}

async function main(): Promise<void> {
  const starts = chosen('start', START_KINDS);
  const machine = printHeader('Memory: RSS of every process at rest, and its peak during one analysis', [
    `at rest: ready, then ${IDLE_MS / 1000} s idle, on a fresh start and on a second start over the same data`,
    `analysis: the sample video uploaded through the gateway, every process sampled every ${SAMPLE_EVERY_MS} ms; starts: ${starts.join(', ')}`,
  ]);
  const { results, skipped, failed } = await forEachStart(starts, measureStart);
  const rest = results.flatMap((result) => result.rest);
  const analyses = results.map((result) => result.analysis);

  line('RSS at rest (MB)');
  printTable(
    [
      { title: 'start', width: 11, align: 'left' },
      { title: 'run', width: 12, align: 'left' },
      { title: 'process', width: 10, align: 'left' },
      { title: 'pid', width: 7 },
      { title: 'RSS MB', width: 8 },
    ],
    rest.flatMap((r) => [
      ...r.processes.map((p) => [r.start, r.run, p.name, p.pid, fixed(p.mb)]),
      [r.start, r.run, 'total', '', fixed(r.totalMb)],
    ]),
  );
  line();
  line('RSS during one analysis (MB)');
  printTable(
    [
      { title: 'start', width: 11, align: 'left' },
      { title: 'process', width: 10, align: 'left' },
      { title: 'first seen', width: 10 },
      { title: 'peak', width: 8 },
    ],
    analyses.flatMap((a) => [
      ...a.processes.map((p) => [a.start, p.name, fixed(p.restMb), fixed(p.peakMb)]),
      [a.start, 'total', fixed(a.restTotalMb), fixed(a.peakTotalMb)],
    ]),
  );
  for (const a of analyses) line(`${a.start}: analysis ${a.status} in ${fixed(a.analysisSeconds)} s (${a.failedPolls} status polls failed)`);
  const file = writeResults('memory', { machine, idleMs: IDLE_MS, sampleEveryMs: SAMPLE_EVERY_MS, rest, analyses, skipped, failed });
  line(`\nresults in ${file}`);
  if (analyses.some((a) => a.status !== 'page_specs_ready' && a.status !== 'completed')) process.exitCode = 1;
}

runBench(main);
