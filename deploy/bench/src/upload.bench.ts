/**
 * Benchmark of the upload path: a 500 MB video uploaded the way the web uploads it (POST /api/uploads, the
 * bytes PUT through the gateway by a separate client process streaming from disk, then the registration),
 * against the same bytes written to the same filesystem by the same writer without HTTP (the faster of a copy
 * before and one after). Prints MB/s of each and their ratio, and the RSS of the processes receiving the bytes
 * (sampled every 100 ms: before the PUT, peak, growth): the all-in-one process, or the gateway and media of the
 * distributed start; and the CPU time the client and those processes used during the PUT, with the pace that much CPU
 * allows on the machine's cores. Writes results/upload.json.
 * Run: `node deploy/bench/dist/upload.bench.js [--start=all-in-one,distributed]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeNewFile } from '@tracklens/kit';
import { tempDir } from '@tracklens/kit/testing';
import { createProduct, registerUser, uploadVideo } from './support/api';
import {
  START_KINDS,
  distributedBacking,
  forEachStart,
  removeDataDir,
  startProduct,
  type PerStart,
  type RunningProduct,
  type StartKind,
} from './support/product';
import { chosen, fixed, line, printHeader, printTable, progress, runBench, writeResults } from './support/report';
import { RssSampler, cpuSeconds, mb, type NamedProcess, type RssSummary } from './support/rss';
import { makeLargeVideo } from './support/video';

const SAMPLE_EVERY_MS = 100;
/** MB as the product counts its 500 MB limit. */
const MB = 1024 * 1024;

/** The processes the bytes pass through. */
const RECEIVERS: Record<StartKind, string[]> = {
  'all-in-one': ['tracklens'],
  distributed: ['gateway', 'media'],
};

interface StartFigures {
  start: StartKind;
  bytes: number;
  uploadMs: number;
  uploadMbPerSecond: number;
  diskCopyMs: number;
  diskMbPerSecond: number;
  /** Upload speed over plain disk copy speed: 1.00 is as fast as the disk. */
  ratio: number;
  registerMs: number;
  analysisStatusAfterRegister: string;
  receivers: Array<{ name: string; beforeMb: number; peakMb: number; growthMb: number }>;
  /** CPU seconds each process moving the bytes used during the PUT: the client, then the receivers. */
  cpu: Array<{ name: string; seconds: number }>;
  cpuTotalSeconds: number;
  /**
   * The fastest the PUT could go with that much CPU spread perfectly over the machine's cores: where it is close to
   * the upload's own pace, the path is bound by CPU, not by waiting.
   */
  cpuBoundMbPerSecond: number;
}

/** CPU seconds so far of each process, by name. */
function cpuNow(processes: NamedProcess[]): Map<string, number> {
  return new Map(processes.map((entry) => [entry.name, cpuSeconds(entry.pid) ?? 0]));
}

/**
 * The same bytes written to the same filesystem without HTTP, by the very function that writes an upload
 * (the kit's writeNewFile, with its write-ahead): what is left of the ratio is the cost of the path. With fs's
 * default 16 KB write stream the copy read and wrote by turns and ran slower than the upload it was measuring.
 */
async function timeDiskCopy(file: string, dir: string): Promise<number> {
  const target = path.join(dir, 'disk-copy.bin');
  const started = performance.now();
  await writeNewFile(fs.createReadStream(file, { highWaterMark: MB }), target, undefined);
  const ms = performance.now() - started;
  fs.rmSync(target);
  return ms;
}

async function measureStart(start: StartKind, file: string): Promise<StartFigures | { skipped: string }> {
  const backing = start === 'distributed' ? await distributedBacking('upload') : undefined;
  if (backing && 'unavailable' in backing) return { skipped: backing.unavailable };
  progress(`starting ${start}`);
  const product: RunningProduct = await startProduct(start, backing ? { backing } : {});
  try {
    const session = await registerUser(product.url);
    const created = await createProduct(product.url, session.cookie);
    progress(`${start}: plain disk copy`);
    const diskCopyBeforeMs = await timeDiskCopy(file, product.dataDir);
    const receivers = () => product.processes().filter((entry) => RECEIVERS[start].includes(entry.name));
    let sampler: RssSampler | undefined;
    let rss: RssSummary | undefined;
    let cpuBefore = new Map<string, number>();
    let cpuAfter = new Map<string, number>();
    progress(`${start}: upload through the gateway`);
    const uploaded = await uploadVideo(product.url, session.cookie, created.id, file, {
      beforePut: () => {
        cpuBefore = cpuNow(receivers());
        sampler = new RssSampler(receivers, SAMPLE_EVERY_MS).start();
      },
      afterPut: () => {
        rss = sampler?.stop();
        cpuAfter = cpuNow(receivers());
      },
    });
    const cpu = [
      { name: 'client', seconds: uploaded.put.cpuSeconds },
      ...[...cpuAfter].map(([name, seconds]) => ({ name, seconds: seconds - (cpuBefore.get(name) ?? seconds) })),
    ];
    const cpuTotal = cpu.reduce((sum, entry) => sum + entry.seconds, 0);
    progress(`${start}: plain disk copy again`);
    // The faster of a copy before and one after: the disk's pace drifts, and the upload is held to its best.
    const diskCopyMs = Math.min(diskCopyBeforeMs, await timeDiskCopy(file, product.dataDir));
    const bytes = uploaded.put.bytes;
    const uploadMbPerSecond = bytes / MB / (uploaded.put.ms / 1000);
    const diskMbPerSecond = bytes / MB / (diskCopyMs / 1000);
    return {
      start,
      bytes,
      uploadMs: uploaded.put.ms,
      uploadMbPerSecond,
      diskCopyMs,
      diskMbPerSecond,
      ratio: uploadMbPerSecond / diskMbPerSecond,
      registerMs: uploaded.registerMs,
      analysisStatusAfterRegister: uploaded.video.analysisStatus,
      cpu,
      cpuTotalSeconds: cpuTotal,
      cpuBoundMbPerSecond: cpuTotal > 0 ? bytes / MB / (cpuTotal / os.availableParallelism()) : 0,
      receivers: (rss?.processes ?? []).map((entry) => ({
        name: entry.name,
        beforeMb: mb(entry.firstKb),
        peakMb: mb(entry.peakKb),
        growthMb: mb(entry.peakKb - entry.firstKb),
      })),
    };
  } finally {
    await product.stop();
    removeDataDir(product.dataDir);
  }
}

async function main(): Promise<void> {
  const starts = chosen('start', START_KINDS);
  const machine = printHeader('Upload: a 500 MB video through the gateway, against a plain disk copy of the same bytes', [
    'client: a separate process streaming the file from disk in one PUT (as the web does after POST /api/uploads)',
    `receiving processes' RSS sampled every ${SAMPLE_EVERY_MS} ms during the PUT; starts: ${starts.join(', ')}`,
  ]);
  const dir = tempDir('tracklens-bench-upload-');
  let measured: PerStart<StartFigures>;
  try {
    progress('writing the 500 MB file');
    const file = makeLargeVideo(dir);
    measured = await forEachStart(starts, (start) => measureStart(start, file));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const { results, skipped, failed } = measured;

  printTable(
    [
      { title: 'start', width: 11, align: 'left' },
      { title: 'size MB', width: 7 },
      { title: 'upload MB/s', width: 11 },
      { title: 'disk MB/s', width: 9 },
      { title: 'upload/disk', width: 11 },
      { title: 'register ms', width: 11 },
    ],
    results.map((r) => [r.start, fixed(r.bytes / MB, 0), fixed(r.uploadMbPerSecond), fixed(r.diskMbPerSecond), fixed(r.ratio, 2), fixed(r.registerMs, 0)]),
  );
  line();
  printTable(
    [
      { title: 'start', width: 11, align: 'left' },
      { title: 'process', width: 10, align: 'left' },
      { title: 'RSS before MB', width: 13 },
      { title: 'peak MB', width: 8 },
      { title: 'growth MB', width: 9 },
    ],
    results.flatMap((r) => r.receivers.map((p) => [r.start, p.name, fixed(p.beforeMb), fixed(p.peakMb), fixed(p.growthMb)])),
  );
  line();
  line(`CPU seconds used during the PUT (user and system, /proc; the client's its own), and the pace that much CPU allows on ${os.availableParallelism()} cores:`);
  printTable(
    [
      { title: 'start', width: 11, align: 'left' },
      { title: 'CPU s by process', width: 44, align: 'left' },
      { title: 'total CPU s', width: 11 },
      { title: 'CPU-bound MB/s', width: 14 },
      { title: 'upload MB/s', width: 11 },
    ],
    results.map((r) => [
      r.start,
      r.cpu.map((entry) => `${entry.name} ${fixed(entry.seconds, 2)}`).join(', '),
      fixed(r.cpuTotalSeconds, 2),
      fixed(r.cpuBoundMbPerSecond),
      fixed(r.uploadMbPerSecond),
    ]),
  );
  const file = writeResults('upload', { machine, sampleEveryMs: SAMPLE_EVERY_MS, megabyte: MB, results, skipped, failed });
  line(`\nresults in ${file}`);
}

runBench(main);
