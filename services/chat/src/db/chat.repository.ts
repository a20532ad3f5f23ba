/** All SQL of chat. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { enqueueEvent, enqueueJob, type Database, type OutgoingEvent } from '@tracklens/kit';
import type { ChatType } from '@tracklens/contracts';
import { ANSWER_QUEUE } from '../domain/answer-job';
import type {
  ChatAnswer,
  ChatStore,
  JobFinishStore,
  MessageRecord,
  NewChatJob,
  SessionRecord,
  ChatJobRecord,
} from '../domain/ports';
import { chatMessages, chatSessions, chatJobs } from './schema';

/** The newest jobs GET /api/products/{id}/jobs lists: enough for any page, bounded whatever the history. */
const JOBS_LISTED = 50;
const ACTIVE = ['pending', 'running'] as const;

function toMessage(row: typeof chatMessages.$inferSelect): MessageRecord {
  return { ...row, metadata: row.metadata ?? null };
}

function toJob(row: typeof chatJobs.$inferSelect): ChatJobRecord {
  return {
    id: row.id,
    type: row.type,
    sessionId: row.sessionId,
    userId: row.userId,
    productId: row.productId,
    status: row.status,
    progress: row.progress,
    stage: row.stage ?? null,
    question: row.question,
    history: row.history,
    result: row.result ?? null,
    error: row.error ?? null,
    reservationId: row.reservationId ?? null,
    createdAt: row.createdAt,
  };
}

export class ChatRepository implements ChatStore, JobFinishStore {
  constructor(private readonly db: Database) {}

  async createSession(
    session: Omit<SessionRecord, 'title' | 'createdAt'>,
    title: (existing: number) => string,
  ): Promise<SessionRecord> {
    return this.db.transaction(async (tx) => {
      // Two tabs creating a chat at once must not both be 'Chat 2'.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`chat.sessions:${session.userId}:${session.productId}`}))`,
      );
      const [existing] = await tx
        .select({ n: count() })
        .from(chatSessions)
        .where(
          and(
            eq(chatSessions.userId, session.userId),
            eq(chatSessions.productId, session.productId),
            eq(chatSessions.chatType, session.chatType),
          ),
        );
      const [row] = await tx
        .insert(chatSessions)
        .values({ ...session, title: title(existing?.n ?? 0), createdAt: sql`clock_timestamp()` })
        .returning();
      if (!row) throw new Error('chat session insert returned nothing');
      return row;
    });
  }

  listSessions(userId: string, productId: string, chatType: ChatType | undefined): Promise<SessionRecord[]> {
    return this.db
      .select()
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.userId, userId),
          eq(chatSessions.productId, productId),
          chatType ? eq(chatSessions.chatType, chatType) : undefined,
        ),
      )
      .orderBy(desc(chatSessions.createdAt), desc(chatSessions.id));
  }

  async findSession(userId: string, sessionId: string): Promise<SessionRecord | null> {
    const [row] = await this.db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)));
    return row ?? null;
  }

  async deleteSession(userId: string, sessionId: string): Promise<boolean> {
    // Messages and jobs go with it (ON DELETE CASCADE); a queued answer then finds no job and is skipped.
    const deleted = await this.db
      .delete(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
      .returning({ id: chatSessions.id });
    return deleted.length > 0;
  }

  async countSessions(userId: string, productId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(chatSessions)
      .where(and(eq(chatSessions.userId, userId), eq(chatSessions.productId, productId)));
    return row?.n ?? 0;
  }

  async listMessages(sessionId: string): Promise<MessageRecord[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    return rows.map(toMessage);
  }

  async countMessages(sessionId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId));
    return row?.n ?? 0;
  }

  async addMessage(message: Omit<MessageRecord, 'createdAt'>): Promise<MessageRecord> {
    const [row] = await this.db
      .insert(chatMessages)
      .values({ ...message, createdAt: sql`clock_timestamp()` })
      .returning();
    if (!row) throw new Error('chat message insert returned nothing');
    return toMessage(row);
  }

  async activeJob(sessionId: string): Promise<ChatJobRecord | null> {
    const [row] = await this.db
      .select()
      .from(chatJobs)
      .where(and(eq(chatJobs.sessionId, sessionId), inArray(chatJobs.status, [...ACTIVE])));
    return row ? toJob(row) : null;
  }

  async insertJob(job: NewChatJob): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(chatJobs)
        .values({
          id: job.id,
          type: job.type,
          sessionId: job.session.id,
          userId: job.session.userId,
          productId: job.session.productId,
          status: 'pending',
          progress: 0,
          question: job.question,
          history: job.history,
          reservationId: job.reservationId,
          createdAt: sql`clock_timestamp()`,
        })
        // The one-active-job index: a racing second request inserts nothing.
        .onConflictDoNothing()
        .returning({ id: chatJobs.id });
      if (!inserted) return false;
      await tx.insert(chatMessages).values({
        id: job.messageId,
        sessionId: job.session.id,
        role: 'user',
        content: job.question,
        metadata: { jobId: job.id },
        createdAt: sql`clock_timestamp()`,
      });
      await enqueueJob(tx, ANSWER_QUEUE, job.id, { jobId: job.id });
      return true;
    });
  }

  async listJobs(userId: string, productId: string): Promise<ChatJobRecord[]> {
    const rows = await this.db
      .select()
      .from(chatJobs)
      .where(and(eq(chatJobs.userId, userId), eq(chatJobs.productId, productId)))
      .orderBy(desc(chatJobs.createdAt), desc(chatJobs.id))
      .limit(JOBS_LISTED);
    return rows.map(toJob);
  }

  async findJobById(jobId: string): Promise<ChatJobRecord | null> {
    const [row] = await this.db.select().from(chatJobs).where(eq(chatJobs.id, jobId));
    return row ? toJob(row) : null;
  }

  async startJob(jobId: string, progress: number, stage: string): Promise<boolean> {
    const started = await this.db
      .update(chatJobs)
      .set({ status: 'running', progress, stage })
      .where(and(eq(chatJobs.id, jobId), inArray(chatJobs.status, [...ACTIVE])))
      .returning({ id: chatJobs.id });
    return started.length > 0;
  }

  async setJobProgress(jobId: string, progress: number, stage: string): Promise<void> {
    await this.db
      .update(chatJobs)
      .set({ progress, stage })
      .where(and(eq(chatJobs.id, jobId), eq(chatJobs.status, 'running')));
  }

  async completeJob(
    job: ChatJobRecord,
    answer: ChatAnswer,
    messageId: string,
    event: OutgoingEvent,
  ): Promise<boolean> {
    const [done] = await this.db
      .update(chatJobs)
      .set({
        status: 'completed',
        progress: 100,
        stage: null,
        result: answer.result,
        finishedAt: sql`clock_timestamp()`,
      })
      .where(and(eq(chatJobs.id, job.id), inArray(chatJobs.status, [...ACTIVE])))
      .returning({ id: chatJobs.id });
    if (!done) return false;
    await this.db.insert(chatMessages).values({
      id: messageId,
      sessionId: job.sessionId,
      role: 'assistant',
      content: answer.content,
      metadata: answer.metadata,
      createdAt: sql`clock_timestamp()`,
    });
    await enqueueEvent(this.db, event.subject, event.envelope);
    return true;
  }

  async failJob(job: ChatJobRecord, error: string, event: OutgoingEvent): Promise<boolean> {
    const [failed] = await this.db
      .update(chatJobs)
      .set({ status: 'failed', stage: null, error, finishedAt: sql`clock_timestamp()` })
      .where(and(eq(chatJobs.id, job.id), inArray(chatJobs.status, [...ACTIVE])))
      .returning({ id: chatJobs.id });
    if (!failed) return false;
    await enqueueEvent(this.db, event.subject, event.envelope);
    return true;
  }
}
