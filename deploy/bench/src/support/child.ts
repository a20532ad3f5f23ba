/** The bench's helper processes (load generator, upload client, reference server): always separate OS processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A script of src/load, compiled beside this file (dist), or its source run through tsx when the bench runs from src. */
export function loadScript(name: string): { command: string; args: string[] } {
  const source = path.extname(__filename) === '.ts';
  const file = path.join(__dirname, '..', 'load', `${name}${source ? '.ts' : '.js'}`);
  return { command: process.execPath, args: source ? ['--import', 'tsx', file] : [file] };
}

/** Runs a process to its end and parses the last line it printed as JSON; rejects on a non-zero exit. */
export function runForJson<T>(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ value: T; pid: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    // 'close', not 'exit': only then has all of its output been read.
    child.once('close', (code, signal) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) {
        reject(new Error(`${path.basename(args.at(-1) ?? command)} exited with ${signal ?? code}: ${stderr.slice(-2000) || last}`));
        return;
      }
      try {
        resolve({ value: JSON.parse(last) as T, pid: child.pid ?? -1 });
      } catch {
        reject(new Error(`no JSON line from ${command}: ${stdout.slice(-2000)}${stderr.slice(-2000)}`));
      }
    });
  });
}

/** A long-lived helper process that prints one JSON line once it is ready (the reference server and its port). */
export function startForJson<T>(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ value: T; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before it was ready`)));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (line === undefined || !stdout.includes('\n')) return;
      try {
        resolve({ value: JSON.parse(line) as T, child });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** SIGTERM, then SIGKILL if the process is still there after `forceAfterMs`; resolves once it has exited. */
export async function stopProcess(child: ChildProcess, forceAfterMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const force = setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
  child.kill('SIGTERM');
  await exited;
  clearTimeout(force);
}
