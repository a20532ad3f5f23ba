/** SQL of what the user's calls read and change: their runs, page specs, frames and product knowledge. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { enqueueEvent, enqueueJob, type Database, type OutgoingEvent } from '@tracklens/kit';
import type { VideoPageSpec } from '@tracklens/contracts';
import type {
  FrameRecord,
  NewPageSpec,
  PageSpecStore,
  ProductKnowledgeRecord,
  Run,
  RunStatus,
} from '../domain/ports';
import { ANALYSIS_QUEUE } from '../domain/video-analysis';
import { toRun } from './run.repository';
import { frames, pageSpecs, productKnowledge, runs } from './schema';

type PageSpecRow = typeof pageSpecs.$inferSelect;

function toPageSpec(row: PageSpecRow): VideoPageSpec {
  return {
    id: row.id,
    videoId: row.videoId,
    productId: row.productId,
    screenName: row.screenName,
    description: row.description,
    screenshotKey: row.screenshotKey,
    elements: row.elements,
    actions: row.actions,
    firstSeenSec: row.firstSeenSec,
    lastSeenSec: row.lastSeenSec,
    timeRanges: row.timeRanges ?? [{ startSec: row.firstSeenSec, endSec: row.lastSeenSec }],
    order: row.order,
    isUserAdded: row.isUserAdded,
  };
}

export class PageSpecRepository implements PageSpecStore {
  /** eventsStored: called after a commit that wrote an outbox row or a job, so they are handled at once. */
  constructor(
    private readonly db: Database,
    private readonly eventsStored: () => void = () => undefined,
  ) {}

  async findRun(videoId: string, userId: string): Promise<Run | null> {
    const [row] = await this.db
      .select()
      .from(runs)
      .where(and(eq(runs.videoId, videoId), eq(runs.userId, userId)));
    return row ? toRun(row) : null;
  }

  async productRuns(productId: string, userId: string): Promise<Run[]> {
    const rows = await this.db
      .select()
      .from(runs)
      .where(and(eq(runs.productId, productId), eq(runs.userId, userId)))
      .orderBy(desc(runs.createdAt), desc(runs.videoId))
      .limit(500);
    return rows.map(toRun);
  }

  async listSpecs(videoId: string): Promise<VideoPageSpec[]> {
    const rows = await this.db
      .select()
      .from(pageSpecs)
      .where(eq(pageSpecs.videoId, videoId))
      .orderBy(asc(pageSpecs.order), asc(pageSpecs.createdAt));
    return rows.map(toPageSpec);
  }

  async findSpec(id: string, userId: string): Promise<VideoPageSpec | null> {
    const [row] = await this.db
      .select()
      .from(pageSpecs)
      .where(and(eq(pageSpecs.id, id), eq(pageSpecs.userId, userId)));
    return row ? toPageSpec(row) : null;
  }

  async deleteSpec(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(pageSpecs)
      .where(and(eq(pageSpecs.id, id), eq(pageSpecs.userId, userId)))
      .returning({ id: pageSpecs.id });
    return rows.length > 0;
  }

  /** The new spec goes after the video's last one. */
  async addSpec(run: Run, spec: NewPageSpec): Promise<VideoPageSpec> {
    const [row] = await this.db
      .insert(pageSpecs)
      .values({
        ...spec,
        order: sql`(select coalesce(max(${pageSpecs.order}) + 1, 0) from ${pageSpecs} where ${pageSpecs.videoId} = ${run.videoId})`,
        videoId: run.videoId,
        productId: run.productId,
        userId: run.userId,
        isUserAdded: true,
      })
      .returning();
    if (!row) throw new Error('page spec insert returned nothing');
    return toPageSpec(row);
  }

  async listFrames(videoId: string): Promise<FrameRecord[]> {
    const rows = await this.db.select().from(frames).where(eq(frames.videoId, videoId)).orderBy(asc(frames.position));
    return rows.map(({ videoId: _videoId, ...frame }) => frame);
  }

  async transition(videoId: string, from: RunStatus[], to: RunStatus, event: OutgoingEvent): Promise<boolean> {
    return this.withEvent(event, async (tx) => {
      const rows = await tx
        .update(runs)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(runs.videoId, videoId), inArray(runs.status, from)))
        .returning({ videoId: runs.videoId });
      return rows.length > 0;
    });
  }

  async requeue(videoId: string, from: RunStatus[], event: OutgoingEvent): Promise<boolean> {
    return this.withEvent(event, async (tx) => {
      const rows = await tx
        .update(runs)
        .set({
          status: 'queued',
          attempts: 0,
          progress: 0,
          stage: null,
          error: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(runs.videoId, videoId), inArray(runs.status, from)))
        .returning({ videoId: runs.videoId });
      if (rows.length === 0) return false;
      await enqueueJob(tx, ANALYSIS_QUEUE, videoId, { videoId }, { restartFinished: true });
      return true;
    });
  }

  async saveKnowledge(knowledge: ProductKnowledgeRecord, event: OutgoingEvent): Promise<boolean> {
    return this.withEvent(event, async (tx) => {
      const rows = await tx
        .update(runs)
        .set({ status: 'completed', updatedAt: sql`now()` })
        .where(and(eq(runs.videoId, knowledge.videoId), eq(runs.status, 'finalizing')))
        .returning({ videoId: runs.videoId });
      if (rows.length === 0) return false;
      await tx
        .insert(productKnowledge)
        .values(knowledge)
        .onConflictDoUpdate({
          target: productKnowledge.productId,
          set: {
            userId: knowledge.userId,
            videoId: knowledge.videoId,
            summary: knowledge.summary,
            journeys: knowledge.journeys,
            keyActions: knowledge.keyActions,
            finalizedAt: knowledge.finalizedAt,
          },
        });
      return true;
    });
  }

  async findKnowledge(productId: string, userId: string): Promise<ProductKnowledgeRecord | null> {
    const [row] = await this.db
      .select()
      .from(productKnowledge)
      .where(and(eq(productKnowledge.productId, productId), eq(productKnowledge.userId, userId)));
    return row ?? null;
  }

  async deleteVideo(videoId: string, userId: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const owned = await tx
        .delete(runs)
        .where(and(eq(runs.videoId, videoId), eq(runs.userId, userId)))
        .returning({ videoId: runs.videoId });
      if (owned.length === 0) return [];
      const specRows = await tx
        .delete(pageSpecs)
        .where(eq(pageSpecs.videoId, videoId))
        .returning({ key: pageSpecs.screenshotKey, actions: pageSpecs.actions });
      const frameKeys = await tx.delete(frames).where(eq(frames.videoId, videoId)).returning({ key: frames.screenshotKey });
      await tx.delete(productKnowledge).where(eq(productKnowledge.videoId, videoId));
      const keys = [
        ...specRows.map((row) => row.key),
        ...specRows.flatMap((row) => row.actions.map((action) => action.screenshotKey ?? null)),
        ...frameKeys.map((row) => row.key),
      ].filter((key): key is string => key !== null);
      return Array.from(new Set(keys));
    });
  }

  private async withEvent(event: OutgoingEvent, change: (tx: Database) => Promise<boolean>): Promise<boolean> {
    const changed = await this.db.transaction(async (tx) => {
      if (!(await change(tx))) return false;
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
    if (changed) this.eventsStored();
    return changed;
  }
}
