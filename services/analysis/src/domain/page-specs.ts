/** The user's side of an analysis: review the page specs, add a screen, finalise, retry; and what planning asks. */
import { randomUUID } from 'node:crypto';
import { errors } from '@tracklens/kit';
import {
  PAGE_SPEC_MESSAGES,
  type EnhancePageSpecBody,
  type FinalizePageSpecsResponse,
  type ProductAnalysis,
  type VideoDeleted,
  type VideoPageSpec,
} from '@tracklens/contracts';
import { bestFrame } from './frame-match';
import type { DescriptionWriter, Log, NewRun, PageSpecStore, Run, RunStatus, RunStore, ScreenshotStore, VideoDirectory } from './ports';
import { buildProductKnowledge } from './product-knowledge';
import { analysedSpecs, cleanKeyActions } from './screen-kind';
import { publicStatus, statusEvent } from './status-events';

/** Statuses whose page specs the user reviews, adds to and finalises. */
const REVIEWABLE: RunStatus[] = ['page_specs_ready', 'finalizing', 'completed'];
/** A run that has not moved for this long is stuck (no worker picks it up) and may be restarted by hand. */
export const STUCK_AFTER_MS = 30 * 60 * 1000;

export interface PageSpecsOptions {
  store: PageSpecStore;
  /** Queues a video's analysis that media registered but whose upload event has not arrived yet. */
  runs: RunStore;
  videos: VideoDirectory;
  describer: DescriptionWriter;
  screenshots: ScreenshotStore;
  logger: Log;
  now?: () => Date;
}

export class PageSpecs {
  constructor(private readonly options: PageSpecsOptions) {}

  async list(userId: string, videoId: string): Promise<VideoPageSpec[]> {
    const run = await this.ownRun(userId, videoId);
    return this.options.store.listSpecs(run.videoId);
  }

  async remove(userId: string, specId: string): Promise<{ success: true; id: string }> {
    if (!(await this.options.store.deleteSpec(specId, userId))) throw errors.notFound(PAGE_SPEC_MESSAGES.pageSpecNotFound);
    return { success: true, id: specId };
  }

  /**
   * A screen the user adds: the frame of the video whose words match it best lends its screenshot and
   * elements (none when no frame matches), and the model, when configured, improves the description.
   */
  async enhance(userId: string, productId: string, body: EnhancePageSpecBody): Promise<VideoPageSpec> {
    const run = await this.productVideo(userId, productId, body.videoId);
    if (!REVIEWABLE.includes(run.status)) throw errors.conflict(PAGE_SPEC_MESSAGES.analysisNotReady, 'ANALYSIS_NOT_READY');
    const { store } = this.options;
    const frame = bestFrame(await store.listFrames(run.videoId), body.screenName, body.description);
    const elements = frame?.elements ?? [];
    const others = (await store.listSpecs(run.videoId)).map((spec) => spec.screenName);
    const description = await this.options.describer
      .improve({ screenName: body.screenName, description: body.description, elements, otherScreens: others })
      .catch((error: unknown) => {
        this.options.logger.warn({ videoId: run.videoId, err: error }, 'description not improved; the user’s text is kept');
        return body.description;
      });
    return store.addSpec(run, {
      id: randomUUID(),
      screenName: body.screenName,
      description,
      screenshotKey: frame?.screenshotKey ?? null,
      elements,
      actions: [],
      firstSeenSec: frame?.timeSec ?? 0,
      lastSeenSec: frame?.timeSec ?? 0,
      // The moment of the frame it borrows; a screen no frame shows was never seen in the video.
      timeRanges: frame ? [{ startSec: frame.timeSec, endSec: frame.timeSec }] : [],
      order: 0,
    });
  }

  /** processing → the product knowledge is built from the reviewed specs → completed. */
  async finalize(userId: string, productId: string, videoId: string | undefined): Promise<FinalizePageSpecsResponse> {
    const { store } = this.options;
    const run = videoId
      ? await this.productVideo(userId, productId, videoId)
      : (await this.productRuns(userId, productId)).find((candidate) => candidate.status === 'page_specs_ready');
    const specs = run ? await store.listSpecs(run.videoId) : [];
    if (!run || specs.length === 0) throw errors.validation(PAGE_SPEC_MESSAGES.nothingToFinalize);
    const notReady = () => errors.conflict(PAGE_SPEC_MESSAGES.analysisNotReady, 'ANALYSIS_NOT_READY');
    if (!(await store.transition(run.videoId, REVIEWABLE, 'finalizing', statusEvent(run, 'processing')))) throw notReady();
    const knowledge = buildProductKnowledge(specs);
    const saved = await store.saveKnowledge(
      { productId: run.productId, userId, videoId: run.videoId, ...knowledge, finalizedAt: this.now() },
      statusEvent(run, 'completed', { progress: 100 }),
    );
    if (!saved) throw notReady();
    return { success: true, videoId: run.videoId, productId: run.productId, status: 'completed', knowledge };
  }

  /**
   * A failed (or stuck) analysis starts again from the beginning. A video media registered whose upload event
   * has not arrived yet is queued now, as the event would (the event then finds it queued and adds nothing).
   */
  async retry(userId: string, videoId: string): Promise<{ success: true; videoId: string; status: 'processing' }> {
    const run = await this.options.runs.findRunById(videoId);
    if (!run) return this.queueRegisteredVideo(userId, videoId);
    if (run.userId !== userId) throw errors.notFound(PAGE_SPEC_MESSAGES.videoNotFound);
    const stuck = (run.status === 'queued' || run.status === 'running') && this.now().getTime() - run.updatedAt.getTime() > STUCK_AFTER_MS;
    const from: RunStatus[] = stuck ? [run.status] : ['failed'];
    if (!from.includes(run.status) || !(await this.options.store.requeue(run.videoId, from, statusEvent(run, 'processing', { progress: 0 })))) {
      throw errors.conflict(PAGE_SPEC_MESSAGES.notRetryable, 'NOT_RETRYABLE');
    }
    return { success: true, videoId: run.videoId, status: 'processing' };
  }

  /**
   * What planning and chat know of a product: the page specs of its finalised video (or, before any
   * finalisation, of its newest analysed video) and the knowledge built when it was finalised.
   */
  async productAnalysis(userId: string, productId: string): Promise<ProductAnalysis> {
    const { store } = this.options;
    const runs = await this.productRuns(userId, productId);
    const knowledge = await store.findKnowledge(productId, userId);
    const source = knowledge?.videoId ?? runs.find((run) => REVIEWABLE.includes(run.status))?.videoId;
    const specs = source ? await store.listSpecs(source) : [];
    return {
      productId,
      finalized: knowledge !== null,
      status: publicStatus(runs[0]?.status ?? 'queued'),
      summary: knowledge?.summary ?? '',
      pageSpecs: analysedSpecs(specs.map(({ isUserAdded: _isUserAdded, ...spec }) => spec)),
      journeys: knowledge?.journeys ?? [],
      keyActions: cleanKeyActions(knowledge?.keyActions ?? []),
    };
  }

  /** media.video.deleted: everything derived from the video goes, screenshots included. */
  async forgetVideo(video: VideoDeleted): Promise<void> {
    const keys = await this.options.store.deleteVideo(video.videoId, video.userId);
    for (const key of keys) {
      await this.options.screenshots.delete(key).catch((error: unknown) => {
        this.options.logger.warn({ videoId: video.videoId, key, err: error }, 'screenshot not removed');
      });
    }
  }

  private async queueRegisteredVideo(userId: string, videoId: string): Promise<{ success: true; videoId: string; status: 'processing' }> {
    const video = await this.options.videos.findVideo(videoId);
    // Someone else's video is answered as media's unknown one: 'Video not found'.
    if (!video || video.userId !== userId) throw errors.notFound(PAGE_SPEC_MESSAGES.videoNotFound);
    const queued = await queueAnalysis(this.options.runs, video);
    this.options.logger.info({ videoId, queued }, queued ? 'analysis queued ahead of its upload event' : 'analysis already known');
    return { success: true, videoId, status: 'processing' };
  }

  private async ownRun(userId: string, videoId: string): Promise<Run> {
    const run = await this.options.store.findRun(videoId, userId);
    if (!run) throw errors.notFound(PAGE_SPEC_MESSAGES.videoNotFound);
    return run;
  }

  /** A product is the user's when they have an analysis of it; analysis never learns of other products. */
  private async productRuns(userId: string, productId: string): Promise<Run[]> {
    const runs = await this.options.store.productRuns(productId, userId);
    if (runs.length === 0) throw errors.notFound(PAGE_SPEC_MESSAGES.productNotFound);
    return runs;
  }

  /** The user's video of the product: an unknown product answers 'Product not found' before the video is judged. */
  private async productVideo(userId: string, productId: string, videoId: string): Promise<Run> {
    const run = await this.options.store.findRun(videoId, userId);
    if (run && run.productId === productId) return run;
    await this.productRuns(userId, productId);
    throw errors.notFound(PAGE_SPEC_MESSAGES.videoNotFound);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

/** media.video.uploaded (or a retry that came first): the video joins the queue once, however often it is asked. */
export async function queueAnalysis(runs: RunStore, video: NewRun): Promise<boolean> {
  const run = { videoId: video.videoId, productId: video.productId, userId: video.userId, storageKey: video.storageKey };
  return runs.insertRun(run, statusEvent(run, 'processing', { progress: 0 }));
}
