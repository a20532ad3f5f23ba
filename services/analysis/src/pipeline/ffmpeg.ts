/** The bundled ffmpeg/ffprobe binaries, run as child processes that die with the caller's abort signal. */
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

export const ffmpegPath: string = ffmpegInstaller.path;
export const ffprobePath: string = ffprobeInstaller.path;

export class ProcessFailedError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${command} exited with ${exitCode}: ${stderr.slice(-500)}`);
    this.name = 'ProcessFailedError';
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Receives stdout as it streams; when given, stdout is not collected. */
  onStdout?(chunk: Buffer): void;
  /** Written to the process's stdin as it is produced (backpressure respected), then stdin is closed. */
  stdin?: AsyncIterable<Buffer>;
}

/** Runs a binary to completion; rejects with the abort reason when the signal fires. */
export function runProcess(bin: string, args: string[], options: RunOptions = {}): Promise<Buffer> {
  const { signal, onStdout, stdin } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let settled = false;
    const finish = (error: unknown, value?: Buffer): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(value ?? Buffer.alloc(0));
    };
    const onAbort = (): void => {
      child.kill('SIGKILL');
      finish(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (stdin) {
      // A process that dies early closes its stdin: its exit code, not the broken pipe, says why.
      pipeline(Readable.from(stdin), child.stdin).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
        child.kill('SIGKILL');
        finish(error);
      });
    } else child.stdin.end();
    child.stdout.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (onStdout) {
        try {
          onStdout(chunk);
        } catch (error) {
          child.kill('SIGKILL');
          finish(error);
        }
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep only the tail: ffmpeg can be chatty and only the end explains a failure.
      err = (err + chunk.toString('utf8')).slice(-8000);
    });
    child.on('error', (error) => finish(error));
    child.on('close', (code) => {
      if (code === 0) finish(undefined, Buffer.concat(out));
      else finish(new ProcessFailedError(bin.split('/').pop() ?? bin, code, err));
    });
  });
}
