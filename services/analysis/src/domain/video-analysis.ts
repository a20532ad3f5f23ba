/**
 * One video's analysis, as one attempt of its job: the run is marked running, the pipeline works in a
 * scratch folder, screenshots are stored, and the page specs are written only by the attempt that still
 * holds the job (`fenced`). Retries, leases and take-over after a crash are the job engine's; this decides
 * what a failure means: a video that cannot be read fails at once, anything else is retried until the last
 * attempt, which fails the run instead of leaving it running.
 */
import { randomUUID } from 'node:crypto';
import type { JobOutcome } from '@tracklens/kit';
import type { AnalysisResult, AnalyzeVideoInput, DetectedScreen, ScreenUnderstander } from '../pipeline';
import { VideoAnalysisError } from '../pipeline';
import { wordsOf } from './frame-match';
import {
  MissingVideoError,
  type AnalysisRecord,
  type FrameRecord,
  type Log,
  type NewPageSpec,
  type Run,
  type RunStore,
  type ScratchSpace,
  type ScreenshotStore,
  type VideoFiles,
} from './ports';
import { statusEvent } from './status-events';

/** The job engine's queue of analyses: a job per video, keyed by the video's id. */
export const ANALYSIS_QUEUE = { name: 'analyse-video', maxAttempts: 3 } as const;

/** Progress events go out at every this many percent. */
export const PROGRESS_STEP = 5;
export const GAVE_UP = 'The analysis stopped unexpectedly several times. Please retry.';
export const ANALYSIS_FAILED = 'The analysis could not finish. Please retry.';
/** Action frames that are no key frame (and so need a file of their own) kept per video. */
export const MAX_ACTION_IMAGES = 200;

/** One attempt of the analysis job, as the job engine hands it. */
export interface AnalysisAttempt {
  signal: AbortSignal;
  /** No retry follows this attempt. */
  lastAttempt: boolean;
  /** Runs `work` on the runs only while this attempt still holds the job; throws once it was taken over. */
  fenced<T>(work: (runs: RunStore) => Promise<T>): Promise<T>;
}

export interface VideoAnalysisOptions {
  runs: RunStore;
  videos: VideoFiles;
  screenshots: ScreenshotStore;
  scratch: ScratchSpace;
  analyze(input: AnalyzeVideoInput): Promise<AnalysisResult>;
  logger: Log;
}

export class VideoAnalysis {
  constructor(private readonly options: VideoAnalysisOptions) {}

  async run(videoId: string, attempt: AnalysisAttempt, understander: ScreenUnderstander): Promise<JobOutcome> {
    const { logger } = this.options;
    const run = await attempt.fenced((runs) => runs.startRun(videoId));
    if (!run) return 'skipped';
    const log = { videoId, attempt: run.attempts };
    logger.info(log, 'analysis run started');
    const folder = await this.options.scratch.open(videoId);
    try {
      const record = await this.analyse(run, folder, attempt, understander);
      await attempt.fenced((runs) => runs.completeRun(videoId, record, statusEvent(run, 'page_specs_ready', { progress: 100 })));
      logger.info({ ...log, screens: record.specs.length }, 'analysis run finished: page specs ready');
      return 'completed';
    } catch (error) {
      if (attempt.signal.aborted) throw error;
      const readable = readableReason(error);
      if (!readable && !attempt.lastAttempt) throw error;
      const message = readable ?? ANALYSIS_FAILED;
      await attempt.fenced((runs) => runs.failRun(videoId, message, statusEvent(run, 'failed', { error: message })));
      logger.warn({ ...log, err: error, reason: message }, 'analysis run failed');
      return { failed: message };
    } finally {
      await this.options.scratch.remove(folder);
    }
  }

  /** Every attempt ended with its worker gone (or could not record its failure): the run fails for good. */
  async giveUp(videoId: string, error: unknown): Promise<string> {
    const message = error === undefined ? GAVE_UP : ANALYSIS_FAILED;
    const run = await this.options.runs.findRunById(videoId);
    if (run) await this.options.runs.failRun(videoId, message, statusEvent(run, 'failed', { error: message }));
    return message;
  }

  private async analyse(run: Run, folder: string, attempt: AnalysisAttempt, understander: ScreenUnderstander): Promise<AnalysisRecord> {
    const { signal } = attempt;
    const videoPath = await this.options.videos.localPath(run.storageKey, folder, signal);
    const progress = new ProgressReporter(run, attempt, (error) =>
      this.options.logger.warn({ videoId: run.videoId, err: error }, 'progress not recorded'),
    );
    const result = await this.options.analyze({
      videoPath,
      workDir: this.options.scratch.framesOf(folder),
      signal,
      understand: understander,
      onProgress: (percent, stage) => progress.report(percent, stage),
    });
    await progress.settled();
    signal.throwIfAborted();
    return this.storeScreenshots(run, result);
  }

  /**
   * Stores each distinct key frame image once; specs, frames and actions refer to the stored keys. An action's
   * frame is one of the key frames, so it costs nothing more; an image of its own (no key frame kept) is stored
   * under the video's folder too, at most MAX_ACTION_IMAGES of them.
   */
  private async storeScreenshots(run: Run, result: AnalysisResult): Promise<AnalysisRecord> {
    const keys = new Map<string, string | null>();
    const store = async (imagePath: string, name: string): Promise<string | null> => {
      if (!keys.has(imagePath)) keys.set(imagePath, await this.options.screenshots.putScreenshot(run, name, imagePath));
      return keys.get(imagePath) ?? null;
    };
    const specs: NewPageSpec[] = [];
    for (const screen of result.screens) {
      specs.push({
        id: randomUUID(),
        screenName: screen.screenName,
        description: screen.description,
        screenshotKey: await store(screen.screenshotPath, String(screen.order)),
        elements: screen.elements,
        actions: [],
        firstSeenSec: screen.firstSeenSec,
        lastSeenSec: screen.lastSeenSec,
        timeRanges: screen.visits,
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
    let ownImages = 0;
    const actionKey = async (imagePath: string | undefined): Promise<string | null> => {
      if (!imagePath) return null;
      if (keys.has(imagePath)) return keys.get(imagePath) ?? null;
      if (ownImages >= MAX_ACTION_IMAGES) return null;
      ownImages += 1;
      return store(imagePath, `action-${ownImages}`);
    };
    for (const [i, screen] of result.screens.entries()) {
      const spec = specs[i];
      if (!spec) continue;
      for (const { imagePath, ...action } of screen.actions) {
        spec.actions.push({ ...action, screenshotKey: await actionKey(imagePath) });
      }
    }
    return { specs, frames };
  }
}

/** Errors that say what is wrong with the video itself: no retry can fix them. */
function readableReason(error: unknown): string | null {
  if (error instanceof VideoAnalysisError || error instanceof MissingVideoError) return error.message;
  return null;
}

/**
 * Writes progress (with an analyzing event at every PROGRESS_STEP, and at each new stage) in order, one
 * write at a time, from the pipeline's synchronous callback. A write that finds the job taken over stops
 * the chain (the attempt's signal is aborted by then).
 */
class ProgressReporter {
  private chain: Promise<boolean> = Promise.resolve(true);
  private lastEvent = -PROGRESS_STEP;
  private lastStage = '';

  constructor(
    private readonly run: Run,
    private readonly attempt: AnalysisAttempt,
    private readonly onError: (error: unknown) => void,
  ) {}

  report(percent: number, stage: string): void {
    const due = percent >= this.lastEvent + PROGRESS_STEP && percent < 100;
    if (!due && stage === this.lastStage) return;
    this.lastStage = stage;
    if (due) this.lastEvent = percent - (percent % PROGRESS_STEP);
    const event = due ? statusEvent(this.run, 'analyzing', { progress: percent }) : null;
    this.chain = this.chain.then(async (going) => {
      if (!going || this.attempt.signal.aborted) return false;
      try {
        await this.attempt.fenced((runs) => runs.recordProgress(this.run.videoId, percent, stage, event));
        return true;
      } catch (error) {
        if (!this.attempt.signal.aborted) this.onError(error);
        return !this.attempt.signal.aborted;
      }
    });
  }

  async settled(): Promise<void> {
    await this.chain;
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
