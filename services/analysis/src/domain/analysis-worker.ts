/**
 * Runs the analyses: N slots each claim a due run under a lease, keep the lease alive while the pipeline
 * works, and write the results only while they still hold it. A process killed mid-run leaves a lease that
 * runs out; the next claim takes the run over, so every video is analysed to the end exactly once.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AnalysisResult, AnalyzeVideoInput, DetectedScreen, ScreenUnderstander } from '../pipeline';
import { VideoAnalysisError } from '../pipeline';
import { wordsOf } from './frame-match';
import {
  MissingVideoError,
  type AnalysisRecord,
  type FrameRecord,
  type Log,
  type Run,
  type RunStore,
  type ScreenshotStore,
  type VideoFiles,
} from './ports';
import { statusEvent } from './status-events';

/** Claims of one run before it fails for good (a crash or a transient error each use one). */
export const MAX_ATTEMPTS = 3;
/** Progress events go out at every this many percent. */
export const PROGRESS_STEP = 5;
export const GAVE_UP = 'The analysis stopped unexpectedly several times. Please retry.';
export const ANALYSIS_FAILED = 'The analysis could not finish. Please retry.';

export interface AnalysisWorkerOptions {
  runs: RunStore;
  videos: VideoFiles;
  screenshots: ScreenshotStore;
  analyze(input: AnalyzeVideoInput): Promise<AnalysisResult>;
  /**
   * Gives each slot its understander, kept for the slot's runs: the vision model when configured, or the
   * offline OCR reader, whose workers then stay warm from one video to the next. Closed on stop.
   */
  understander(): ScreenUnderstander;
  logger: Log;
  concurrency: number;
  /** Where each run gets its scratch folder. */
  workRoot: string;
  leaseMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  /** Before a run that failed transiently is claimed again. */
  retryDelayMs?: number;
}

class Stopped extends Error {}
class LeaseLost extends Error {}

export class AnalysisWorker {
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly pollMs: number;
  private readonly controller = new AbortController();
  private slots: Promise<void>[] = [];
  private wake: Array<() => void> = [];

  constructor(private readonly options: AnalysisWorkerOptions) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? Math.max(1000, Math.floor(this.leaseMs / 4));
    this.pollMs = options.pollMs ?? 1000;
  }

  start(): void {
    for (let slot = 0; slot < this.options.concurrency; slot += 1) this.slots.push(this.loop());
  }

  /** Looks for work now instead of at the next poll. */
  poke(): void {
    for (const wake of this.wake.splice(0)) wake();
  }

  /** Aborts the analyses in flight and gives their runs back to the queue. */
  async stop(): Promise<void> {
    this.controller.abort(new Stopped('worker stopped'));
    this.poke();
    await Promise.all(this.slots);
  }

  private get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  private async loop(): Promise<void> {
    const understander = this.options.understander();
    try {
      while (!this.stopped) {
        const claimed = await this.claim();
        if (!claimed) {
          await this.idle();
          continue;
        }
        // A failure to record the outcome (the database gone) leaves the lease to run out: the run is claimed again.
        await this.process(claimed.run, claimed.token, understander).catch((error: unknown) =>
          this.options.logger.error({ videoId: claimed.run.videoId, jobId: claimed.token, err: error }, 'analysis run outcome not recorded'),
        );
      }
    } finally {
      await understander.close?.().catch((error: unknown) => this.options.logger.warn({ err: error }, 'understander not closed'));
    }
  }

  private async claim(): Promise<{ run: Run; token: string } | null> {
    const token = randomUUID();
    try {
      const run = await this.options.runs.claimNext(token, this.leaseMs);
      return run ? { run, token } : null;
    } catch (error) {
      if (!this.stopped) this.options.logger.warn({ err: error }, 'claiming an analysis run failed');
      return null;
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      const wake = this.wake;
      function done() {
        clearTimeout(timer);
        const at = wake.indexOf(done);
        if (at >= 0) wake.splice(at, 1);
        resolve();
      }
      wake.push(done);
    });
  }

  private async process(run: Run, token: string, understander: ScreenUnderstander): Promise<void> {
    const { logger, runs } = this.options;
    const log = { videoId: run.videoId, jobId: token, attempt: run.attempts };
    if (run.attempts > MAX_ATTEMPTS) {
      await runs.failRun(run.videoId, token, GAVE_UP, statusEvent(run, 'failed', { error: GAVE_UP }));
      logger.warn(log, 'analysis run failed: too many attempts');
      return;
    }
    logger.info(log, 'analysis run claimed');
    const attempt = new AbortController();
    const onStop = () => attempt.abort(this.controller.signal.reason);
    this.controller.signal.addEventListener('abort', onStop);
    const heartbeat = setInterval(() => {
      runs.renewLease(run.videoId, token, this.leaseMs).then(
        (held) => {
          if (!held) attempt.abort(new LeaseLost('lease lost'));
        },
        (error: unknown) => logger.warn({ ...log, err: error }, 'lease renewal failed'),
      );
    }, this.heartbeatMs);
    const workDir = path.join(this.options.workRoot, `${run.videoId.replace(/[^A-Za-z0-9-]/g, '_')}-${token.slice(0, 8)}`);
    try {
      const record = await this.analyse(run, token, workDir, attempt, understander);
      const stored = await runs.completeRun(run.videoId, token, record, statusEvent(run, 'page_specs_ready', { progress: 100 }));
      if (stored) logger.info({ ...log, screens: record.specs.length }, 'analysis run finished: page specs ready');
      else logger.warn(log, 'analysis results dropped: the run was taken over or removed');
    } catch (error) {
      await this.settleFailure(run, token, attempt.signal.reason ?? error, error);
    } finally {
      clearInterval(heartbeat);
      this.controller.signal.removeEventListener('abort', onStop);
      await fs.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async analyse(
    run: Run,
    token: string,
    workDir: string,
    controller: AbortController,
    understander: ScreenUnderstander,
  ): Promise<AnalysisRecord> {
    const { signal } = controller;
    await fs.mkdir(workDir, { recursive: true });
    const videoPath = await this.options.videos.localPath(run.storageKey, workDir, signal);
    const progress = new ProgressReporter(run, token, this.options.runs, {
      onLost: () => controller.abort(new LeaseLost('lease lost')),
      onError: (error) => this.options.logger.warn({ videoId: run.videoId, err: error }, 'progress not recorded'),
    });
    const result = await this.options.analyze({
      videoPath,
      workDir: path.join(workDir, 'frames'),
      signal,
      understand: understander,
      onProgress: (percent, stage) => progress.report(percent, stage),
    });
    if (!(await progress.settled())) throw new LeaseLost('lease lost');
    signal.throwIfAborted();
    return this.storeScreenshots(run, result);
  }

  /** Uploads each distinct key frame image once; specs and frames refer to the stored keys. */
  private async storeScreenshots(run: Run, result: AnalysisResult): Promise<AnalysisRecord> {
    const prefix = `users/${run.userId}/products/${run.productId}/screenshots/${safeSegment(run.videoId)}`;
    const keys = new Map<string, string>();
    const store = async (imagePath: string, name: string): Promise<string | null> => {
      const known = keys.get(imagePath);
      if (known) return known;
      if (!(await exists(imagePath))) return null;
      const key = `${prefix}/${name}.jpg`;
      await this.options.screenshots.put(key, imagePath);
      keys.set(imagePath, key);
      return key;
    };
    const specs = [];
    for (const screen of result.screens) {
      specs.push({
        id: randomUUID(),
        screenName: screen.screenName,
        description: screen.description,
        screenshotKey: await store(screen.screenshotPath, String(screen.order)),
        elements: screen.elements,
        actions: screen.actions,
        firstSeenSec: screen.firstSeenSec,
        lastSeenSec: screen.lastSeenSec,
        order: screen.order,
      });
    }
    const frames: FrameRecord[] = [];
    for (const [position, frame] of (result.frames ?? result.screens.map(frameOfScreen)).entries()) {
      frames.push({
        position,
        timeSec: frame.timeSec,
        screenshotKey: await store(frame.imagePath, `frame-${position}`),
        screenName: frame.screenName,
        words: frame.words.slice(0, 500),
        elements: frame.elements,
      });
    }
    return { specs, frames };
  }

  private async settleFailure(run: Run, token: string, reason: unknown, error: unknown): Promise<void> {
    const { logger, runs } = this.options;
    const log = { videoId: run.videoId, jobId: token, attempt: run.attempts };
    if (reason instanceof Stopped) {
      await runs.releaseRun(run.videoId, token, { countAttempt: false, delayMs: 0 }).catch(() => undefined);
      logger.info(log, 'analysis run released: the worker stops');
      return;
    }
    if (reason instanceof LeaseLost) {
      logger.warn(log, 'analysis run abandoned: its lease was taken over');
      return;
    }
    const readable = readableReason(error);
    if (readable || run.attempts >= MAX_ATTEMPTS) {
      const message = readable ?? ANALYSIS_FAILED;
      await runs.failRun(run.videoId, token, message, statusEvent(run, 'failed', { error: message }));
      logger.warn({ ...log, err: error, reason: message }, 'analysis run failed');
      return;
    }
    await runs.releaseRun(run.videoId, token, { countAttempt: true, delayMs: this.options.retryDelayMs ?? 5000 }).catch(() => undefined);
    logger.warn({ ...log, err: error }, 'analysis run failed; it will be retried');
  }
}

/** Errors that say what is wrong with the video itself: no retry can fix them. */
function readableReason(error: unknown): string | null {
  if (error instanceof VideoAnalysisError || error instanceof MissingVideoError) return error.message;
  return null;
}

/**
 * Writes progress (with an analyzing event at every PROGRESS_STEP, and at each new stage) in order, one
 * write at a time, from the pipeline's synchronous callback. A write that finds the lease gone stops the
 * chain; settled() says whether the lease held to the end.
 */
class ProgressReporter {
  private chain: Promise<boolean> = Promise.resolve(true);
  private lastEvent = -PROGRESS_STEP;
  private lastStage = '';

  constructor(
    private readonly run: Run,
    private readonly token: string,
    private readonly runs: RunStore,
    private readonly on: { onLost(): void; onError(error: unknown): void },
  ) {}

  report(percent: number, stage: string): void {
    const due = percent >= this.lastEvent + PROGRESS_STEP && percent < 100;
    if (!due && stage === this.lastStage) return;
    this.lastStage = stage;
    if (due) this.lastEvent = percent - (percent % PROGRESS_STEP);
    const event = due ? statusEvent(this.run, 'analyzing', { progress: percent }) : null;
    this.chain = this.chain.then(async (held) => {
      if (!held) return false;
      try {
        const held = await this.runs.recordProgress(this.run.videoId, this.token, percent, stage, event);
        if (!held) this.on.onLost();
        return held;
      } catch (error) {
        this.on.onError(error);
        return true;
      }
    });
  }

  settled(): Promise<boolean> {
    return this.chain;
  }
}

function frameOfScreen(screen: DetectedScreen) {
  return {
    timeSec: screen.firstSeenSec,
    imagePath: screen.screenshotPath,
    screenName: screen.screenName,
    words: wordsOf([screen.screenName, screen.description, ...screen.elements.map((element) => element.label)].join(' ')),
    elements: screen.elements,
  };
}

function safeSegment(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._-]+/, '') || 'video';
}

async function exists(filePath: string): Promise<boolean> {
  return fs.access(filePath).then(
    () => true,
    () => false,
  );
}
