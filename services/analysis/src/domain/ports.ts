/** What analysis's rules need from the outside world; src/db, src/storage and src/model implement these. */
import type { OutgoingEvent } from '@tracklens/kit';
import type { Journey, TimeRange, UiElement, UserAction, VideoPageSpec } from '@tracklens/contracts';

export type RunStatus = 'queued' | 'running' | 'page_specs_ready' | 'failed' | 'finalizing' | 'completed';

export interface Run {
  videoId: string;
  productId: string;
  userId: string;
  storageKey: string;
  status: RunStatus;
  stage: string | null;
  progress: number;
  error: string | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewRun {
  videoId: string;
  productId: string;
  userId: string;
  storageKey: string;
}

export interface NewPageSpec {
  id: string;
  screenName: string;
  description: string;
  screenshotKey: string | null;
  elements: UiElement[];
  actions: UserAction[];
  firstSeenSec: number;
  lastSeenSec: number;
  /** The visits of the screen; [] for a screen the user added that no frame of the video shows. */
  timeRanges: TimeRange[];
  order: number;
}

export interface FrameRecord {
  position: number;
  timeSec: number;
  screenshotKey: string | null;
  screenName: string;
  words: string[];
  elements: UiElement[];
}

/** What one finished analysis leaves behind. */
export interface AnalysisRecord {
  specs: NewPageSpec[];
  frames: FrameRecord[];
}

export interface ProductKnowledgeRecord {
  productId: string;
  userId: string;
  videoId: string;
  summary: string;
  journeys: Journey[];
  keyActions: Array<{ screenName: string; keyActions: string[] }>;
  finalizedAt: Date;
}

/**
 * The runs as the analysis job sees them. The job engine fences the writes of an attempt (they run in a
 * transaction holding the job), so these only check the run's own status.
 */
export interface RunStore {
  /** Inserts the run and queues its analysis job, unless the video has one; false when it existed. */
  insertRun(run: NewRun, event: OutgoingEvent): Promise<boolean>;
  findRunById(videoId: string): Promise<Run | null>;
  /** Marks a queued (or interrupted running) run running with an attempt more; null when it is not due. */
  startRun(videoId: string): Promise<Run | null>;
  recordProgress(videoId: string, progress: number, stage: string, event: OutgoingEvent | null): Promise<boolean>;
  /** Replaces the video's analysed specs (the user's own stay) and frames, marks it page_specs_ready. */
  completeRun(videoId: string, record: AnalysisRecord, event: OutgoingEvent): Promise<boolean>;
  failRun(videoId: string, reason: string, event: OutgoingEvent): Promise<boolean>;
}

/** The runs, specs and knowledge as the user's calls see them; every read is scoped to the user. */
export interface PageSpecStore {
  findRun(videoId: string, userId: string): Promise<Run | null>;
  /** The user's runs of a product, newest first. */
  productRuns(productId: string, userId: string): Promise<Run[]>;
  listSpecs(videoId: string): Promise<VideoPageSpec[]>;
  findSpec(id: string, userId: string): Promise<VideoPageSpec | null>;
  deleteSpec(id: string, userId: string): Promise<boolean>;
  addSpec(run: Run, spec: NewPageSpec): Promise<VideoPageSpec>;
  listFrames(videoId: string): Promise<FrameRecord[]>;
  /** Moves a run to another status with its event, only from one of the given statuses. */
  transition(videoId: string, from: RunStatus[], to: RunStatus, event: OutgoingEvent): Promise<boolean>;
  /** Back to the queue for a new analysis (its job runs again): attempts, progress and error reset. */
  requeue(videoId: string, from: RunStatus[], event: OutgoingEvent): Promise<boolean>;
  /** Stores the knowledge and moves the run from finalizing to completed, with its event. */
  saveKnowledge(knowledge: ProductKnowledgeRecord, event: OutgoingEvent): Promise<boolean>;
  findKnowledge(productId: string, userId: string): Promise<ProductKnowledgeRecord | null>;
  /** Forgets everything derived from a video; answers the screenshot keys to remove (specs', actions' and frames'). */
  deleteVideo(videoId: string, userId: string): Promise<string[]>;
}

/** media's registered videos, asked when a video's upload event has not reached analysis yet. */
export interface VideoDirectory {
  /** The registered video; null when media knows none of that id. */
  findVideo(videoId: string): Promise<NewRun | null>;
}

/** The uploaded videos in object storage. */
export interface VideoFiles {
  /** A path ffmpeg can read the video from, downloading it into workDir when the storage is remote. */
  localPath(storageKey: string, workDir: string, signal?: AbortSignal): Promise<string>;
}

export interface ScreenshotStore {
  /** Stores a key frame image of the run under `name`; answers its key, or null when the image is missing. */
  putScreenshot(run: Run, name: string, filePath: string): Promise<string | null>;
  delete(key: string): Promise<void>;
}

/** Scratch folders on local disk, one per analysis attempt. */
export interface ScratchSpace {
  open(videoId: string): Promise<string>;
  /** Where the pipeline writes the frames of a scratch folder. */
  framesOf(folder: string): string;
  remove(folder: string): Promise<void>;
}

/** Improves a screen description the user wrote (a model), or keeps it (offline). */
export interface DescriptionWriter {
  improve(input: { screenName: string; description: string; elements: UiElement[]; otherScreens: string[] }): Promise<string>;
}

export type Log = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** The video is missing from storage: like a corrupt file, no retry can fix it. */
export class MissingVideoError extends Error {
  constructor(readonly storageKey: string) {
    super('The video file could not be found');
    this.name = 'MissingVideoError';
  }
}
