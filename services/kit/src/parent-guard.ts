/**
 * Preloaded (`node --require`) into each process a launcher starts, so that no process outlives its launcher:
 * a service left running would hold its port and its jobs with nobody to stop or restart it. The launcher
 * keeps the write end of the child's stdin; the kernel closes it however the launcher ends, kill -9 included.
 * The parent's pid changing (the child handed to init) is the second sign, for a stdin that is not a pipe.
 */
import { Socket } from 'node:net';
import { createLogger } from './logger';

/** The longest a clean stop may take once the launcher is gone; then the process ends regardless. */
const STOP_DEADLINE_MS = 20_000;
const PARENT_CHECK_MS = 1000;

const launcherPid = process.ppid;
let stopping = false;

function stopWithLauncher(reason: string): void {
  if (stopping) return;
  stopping = true;
  createLogger('parent-guard').warn({ pid: process.pid, launcherPid, reason }, 'launcher gone: stopping');
  setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
  // The process's own SIGTERM handler (kit's runStandalone) stops it cleanly; without one, SIGTERM ends it.
  process.kill(process.pid, 'SIGTERM');
}

// Node makes a pipe's stdin a socket (a terminal's too, which is left alone; /dev/null ends at once). Its type
// is asked of the stream, not with fs.fstatSync(0), which on Node 20 upsets the module loader's realpath.
const stdin: unknown = process.stdin;
if (stdin instanceof Socket && !process.stdin.isTTY) {
  stdin.on('end', () => stopWithLauncher('stdin closed'));
  stdin.on('error', () => stopWithLauncher('stdin failed'));
  stdin.resume();
  // Watching must not keep a process alive that is otherwise done.
  stdin.unref();
}

setInterval(() => {
  if (process.ppid !== launcherPid) stopWithLauncher('parent changed');
}, PARENT_CHECK_MS).unref();
