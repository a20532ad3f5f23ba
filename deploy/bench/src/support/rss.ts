/**
 * Resident memory and CPU time of processes from /proc: one reading, a process and its descendants, and a sampler
 * that keeps peaks.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** VmRSS of a process in KiB; undefined once it is gone. */
export function rssKb(pid: number): number | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) : undefined;
}

let clockTicks: number | undefined;

/** Clock ticks a second, the unit of /proc's CPU times (100 on every Linux we run). */
function ticksPerSecond(): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return clockTicks;
}

/** CPU seconds a process has used so far, user and system; undefined once it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime and stime are the 12th and 13th fields after comm, which may hold spaces: count from its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
  } catch {
    return undefined;
  }
}

export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** The executable's short name (comm), e.g. node or ffmpeg. */
  command: string;
  /** The full command line, arguments joined by spaces. */
  commandLine: string;
}

function readEntry(pid: number): ProcessEntry | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may hold spaces and parentheses: the fields after it start after the last ')'.
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid, command, commandLine };
  } catch {
    return undefined;
  }
}

/** The process and every process below it (services of the cluster, ffmpeg of an analysis), root first. */
export function processTree(rootPid: number): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readEntry(Number(name));
    if (entry) entries.push(entry);
  }
  const root = entries.find((entry) => entry.pid === rootPid);
  if (!root) return [];
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    const parent = tree[i];
    if (parent) tree.push(...entries.filter((entry) => entry.ppid === parent.pid));
  }
  return tree;
}

export interface NamedProcess {
  name: string;
  pid: number;
}

export interface ProcessRss {
  name: string;
  pid: number;
  /** KiB at the first sample the process was seen in. */
  firstKb: number;
  peakKb: number;
  lastKb: number;
}

export interface RssSummary {
  processes: ProcessRss[];
  /** Sum over the processes of the first sample. */
  firstTotalKb: number;
  /** The largest sum of one sample: what the machine had to hold at once, not the sum of the peaks. */
  peakTotalKb: number;
  samples: number;
}

/**
 * Samples the RSS of a changing set of processes on a timer. The set is asked for at every sample, so a
 * restarted service or a short-lived ffmpeg is counted while it lives; a name seen under several pids is one line.
 */
export class RssSampler {
  private readonly byName = new Map<string, ProcessRss>();
  private firstTotalKb: number | undefined;
  private peakTotalKb = 0;
  private samples = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly processes: () => NamedProcess[],
    private readonly intervalMs: number,
  ) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    return this;
  }

  stop(): RssSummary {
    clearInterval(this.timer);
    this.sample();
    return {
      processes: [...this.byName.values()],
      firstTotalKb: this.firstTotalKb ?? 0,
      peakTotalKb: this.peakTotalKb,
      samples: this.samples,
    };
  }

  private sample(): void {
    let total = 0;
    // Two processes of one name (two ffmpeg at once) count together.
    const seen = new Map<string, { pid: number; kb: number }>();
    for (const { name, pid } of this.processes()) {
      const kb = rssKb(pid);
      if (kb === undefined) continue;
      total += kb;
      const same = seen.get(name);
      seen.set(name, { pid: same?.pid ?? pid, kb: (same?.kb ?? 0) + kb });
    }
    for (const [name, { pid, kb }] of seen) {
      const known = this.byName.get(name);
      if (!known) {
        this.byName.set(name, { name, pid, firstKb: kb, peakKb: kb, lastKb: kb });
        continue;
      }
      known.peakKb = Math.max(known.peakKb, kb);
      known.lastKb = kb;
    }
    this.firstTotalKb ??= total;
    this.peakTotalKb = Math.max(this.peakTotalKb, total);
    this.samples += 1;
  }
}

export function mb(kb: number): number {
  return kb / 1024;
}
