/** Outbox (events written in the state change's transaction, published after commit) and inbox (each event applied once). */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { ZodType } from 'zod';
import { runWithContext, newRequestId } from './context';
import type { Database } from './db';
import type { EventBus, EventEnvelope, EventHandler } from './events';

/** Every service's schema re-exports these two tables, so its migrations create them. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    subject: text('subject').notNull(),
    envelope: jsonb('envelope').$type<EventEnvelope>().notNull(),
    status: text('status').$type<'pending' | 'sent'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_pending_idx').on(table.status, table.nextAttemptAt)],
);

export const inbox = pgTable(
  'inbox',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id').notNull(),
    subject: text('subject').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.consumer, table.eventId] })],
);

/** Writes an event into the outbox inside the caller's transaction. */
export async function enqueueEvent(tx: Database, subject: string, envelope: EventEnvelope): Promise<void> {
  await tx.insert(outbox).values({ id: envelope.id, subject, envelope });
}

export interface OutboxRelayOptions {
  db: Database;
  bus: EventBus;
  logger: Logger;
  pollMs: number;
  batchSize?: number;
}

/** Publishes pending outbox rows, oldest first, with backoff on failure. */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    this.stopped = false;
    this.poke();
  }

  /** Publish now (after a commit) instead of waiting for the next poll. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.publishPending()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'outbox relay pass failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.poke();
        } else {
          this.timer = setTimeout(() => this.poke(), this.options.pollMs);
        }
      });
  }

  /** Stops polling after publishing what is pending once more (the flush of a clean shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await this.publishPending().catch(() => 0);
  }

  /** One pass over due rows; returns how many were published. */
  async publishPending(): Promise<number> {
    const { db, bus, logger } = this.options;
    const due = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.createdAt))
      .limit(this.options.batchSize ?? 100);
    let published = 0;
    const sent: string[] = [];
    for (const row of due) {
      try {
        await runWithContext({ requestId: row.envelope.requestId ?? newRequestId() }, () => bus.publish(row.subject, row.envelope));
        sent.push(row.id);
        published++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const delaySec = Math.min(2 ** attempts, 60);
        logger.warn({ eventId: row.id, subject: row.subject, attempts, err: error }, 'event publish failed; will retry');
        await db
          .update(outbox)
          .set({ attempts, lastError: String(error), nextAttemptAt: sql`now() + make_interval(secs => ${delaySec})` })
          .where(eq(outbox.id, row.id));
        break; // keep order: later events wait for the earlier one
      }
    }
    if (sent.length > 0) {
      await db.update(outbox).set({ status: 'sent', sentAt: sql`now()` }).where(inArray(outbox.id, sent));
    }
    return published;
  }
}

export type InboxHandler = (envelope: EventEnvelope, tx: Database) => Promise<void>;

/**
 * An inbox handler for events that must match `schema` (the whole envelope, typically the contracts'
 * eventEnvelopeSchema(data)). Redelivering a malformed event can never succeed: it is recorded as handled
 * and a warning names its issues.
 */
export function handleValid<T>(
  schema: ZodType<T>,
  logger: Pick<Logger, 'warn'>,
  handle: (event: T, tx: Database) => Promise<void>,
): InboxHandler {
  return async (envelope, tx) => {
    const parsed = schema.safeParse(envelope);
    if (!parsed.success) {
      logger.warn({ eventId: envelope.id, subject: envelope.type, issues: parsed.error.issues }, 'invalid event dropped');
      return;
    }
    await handle(parsed.data, tx);
  };
}

/**
 * Wraps a handler so that its effect and the inbox row commit together: a redelivered event finds its
 * row and is skipped; a failed handler rolls back both and the bus redelivers.
 */
export function handleOnce(db: Database, consumer: string, handler: InboxHandler): EventHandler {
  return async (envelope, delivery) => {
    return runWithContext({ requestId: envelope.requestId ?? newRequestId() }, () =>
      db.transaction(async (tx) => {
        const inserted = await tx
          .insert(inbox)
          .values({ consumer, eventId: envelope.id, subject: delivery.subject })
          .onConflictDoNothing()
          .returning({ eventId: inbox.eventId });
        if (inserted.length === 0) return 'skipped' as const;
        await handler(envelope, tx);
        return 'handled' as const;
      }),
    );
  };
}
