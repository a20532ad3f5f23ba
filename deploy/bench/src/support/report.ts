/** What every bench prints and keeps: the machine it ran on, fixed-width tables, results/<name>.json, its command-line choices. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
}

export function machine(): Machine {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

/** The bench's first lines: what it measures and on what, so a figure is never read without its machine. */
export function printHeader(title: string, notes: string[]): Machine {
  const m = machine();
  process.stdout.write(
    [
      '',
      title,
      `machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB, ${m.platform}; node ${m.node}`,
      ...notes,
      '',
    ].join('\n'),
  );
  return m;
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

export function printTable(columns: Column[], rows: Array<Array<string | number>>): void {
  const cell = (value: string | number, column: Column) => {
    const text = String(value);
    return column.align === 'left' ? text.padEnd(column.width) : text.padStart(column.width);
  };
  const lines = [
    columns.map((column) => cell(column.title, column)).join('  '),
    columns.map((column) => '-'.repeat(column.width)).join('  '),
    ...rows.map((row) => columns.map((column, i) => cell(row[i] ?? '', column)).join('  ')),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function line(text = ''): void {
  process.stdout.write(`${text}\n`);
}

/** Where a bench is while it runs, on stderr: stdout keeps only the header and the tables. */
export function progress(text: string): void {
  process.stderr.write(`  ${text}\n`);
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

/** deploy/bench/results, from dist/support or src/support alike. */
export const RESULTS_DIR = path.resolve(__dirname, '..', '..', 'results');

/** Writes the figures the README's table is filled from; returns the file's path. */
export function writeResults(name: string, results: unknown): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...(results as object) }, null, 2)}\n`);
  return file;
}

/**
 * The values of `--<flag>=a,b` (or repeated `--<flag>=a --<flag>=b`), checked against the allowed ones;
 * all of them when the flag is absent. An unknown value stops the bench naming the allowed ones.
 */
export function chosen<T extends string>(flag: string, allowed: readonly T[], argv = process.argv.slice(2)): T[] {
  const prefix = `--${flag}=`;
  const values = argv.filter((arg) => arg.startsWith(prefix)).flatMap((arg) => arg.slice(prefix.length).split(','));
  if (values.length === 0) return [...allowed];
  const unknown = values.filter((value) => !(allowed as readonly string[]).includes(value));
  if (unknown.length > 0) {
    throw new Error(`--${flag}: unknown ${unknown.join(', ')}; one or more of ${allowed.join(', ')}`);
  }
  return allowed.filter((value) => values.includes(value));
}

/** Runs a bench's main and turns an uncaught error into exit code 1 with its stack. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
