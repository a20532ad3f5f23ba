/** chat's tables: sessions, their messages and the user-facing record of each strategy job (kit's tables hold the outbox, inbox and job queue). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  AnalyticsStrategy,
  ChatJobStatus,
  ChatJobType,
  ChatMessageMetadata,
  ChatType,
  UserFlow,
} from '@tracklens/contracts';

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    chatType: text('chat_type').$type<ChatType>().notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_sessions_owner_idx').on(table.userId, table.productId, table.chatType, table.createdAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    metadata: jsonb('metadata').$type<ChatMessageMetadata>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_session_created_idx').on(table.sessionId, table.createdAt)],
);

/** A question's answer as the user sees it (product-spec §3 Job); kit's job queue does the work, keyed by its id. */
export const chatJobs = pgTable(
  'chat_jobs',
  {
    id: uuid('id').primaryKey(),
    type: text('type').$type<ChatJobType>().notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    status: text('status').$type<ChatJobStatus>().notNull(),
    /** 0-100. */
    progress: integer('progress').notNull().default(0),
    stage: text('stage'),
    /** The question, and the thread before it as 'role: content' lines. */
    question: text('question').notNull(),
    history: text('history').notNull(),
    /** An AnalyticsStrategy or a UserFlow, by type; null until completed. */
    result: jsonb('result').$type<AnalyticsStrategy | UserFlow>(),
    error: text('error'),
    /** billing's reservation for this message: given back when the job fails. */
    reservationId: text('reservation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_jobs_owner_idx').on(table.userId, table.productId, table.createdAt),
    // One active job per session: the database refuses a second whatever the race.
    uniqueIndex('chat_jobs_one_active_idx')
      .on(table.sessionId)
      .where(sql`status in ('pending', 'running')`),
  ],
);
