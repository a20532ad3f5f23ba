/** analysis's tables: one run per video, the page specs it found, the frames kept for added screens, product knowledge. */
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Journey, TimeRange, UiElement, UserAction } from '@tracklens/contracts';
import type { RunStatus } from '../domain/ports';

/**
 * The analysis of one video as the user sees it (status, progress, error). Its work runs as a job of kit's
 * job engine (queue 'analyse-video', keyed by the video), whose lease and retries keep a killed process from
 * stranding it.
 */
export const runs = pgTable(
  'runs',
  {
    videoId: text('video_id').primaryKey(),
    productId: text('product_id').notNull(),
    userId: text('user_id').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<RunStatus>().notNull().default('queued'),
    stage: text('stage'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('runs_claim_idx').on(table.status, table.createdAt),
    index('runs_product_idx').on(table.productId, table.userId),
  ],
);

export const pageSpecs = pgTable(
  'page_specs',
  {
    id: uuid('id').primaryKey(),
    videoId: text('video_id').notNull(),
    productId: text('product_id').notNull(),
    userId: text('user_id').notNull(),
    screenName: text('screen_name').notNull(),
    description: text('description').notNull(),
    screenshotKey: text('screenshot_key'),
    elements: jsonb('elements').$type<UiElement[]>().notNull(),
    actions: jsonb('actions').$type<UserAction[]>().notNull(),
    firstSeenSec: doublePrecision('first_seen_sec').notNull(),
    lastSeenSec: doublePrecision('last_seen_sec').notNull(),
    /** The screen's visits; null in rows written before they were kept, which read as [first, last seen]. */
    timeRanges: jsonb('time_ranges').$type<TimeRange[]>(),
    order: integer('order').notNull(),
    /** Added by the user (enhance); a new analysis of the video keeps these. */
    isUserAdded: boolean('is_user_added').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_specs_video_idx').on(table.videoId, table.order), index('page_specs_product_idx').on(table.productId, table.userId)],
);

/** Every understood key frame of a video: what a screen the user adds is matched against. */
export const frames = pgTable(
  'frames',
  {
    videoId: text('video_id').notNull(),
    position: integer('position').notNull(),
    timeSec: doublePrecision('time_sec').notNull(),
    screenshotKey: text('screenshot_key'),
    screenName: text('screen_name').notNull(),
    words: jsonb('words').$type<string[]>().notNull(),
    elements: jsonb('elements').$type<UiElement[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.position] })],
);

/** What finalising a video's page specs taught about its product; the latest finalised video wins. */
export const productKnowledge = pgTable('product_knowledge', {
  productId: text('product_id').primaryKey(),
  userId: text('user_id').notNull(),
  videoId: text('video_id').notNull(),
  summary: text('summary').notNull(),
  journeys: jsonb('journeys').$type<Journey[]>().notNull(),
  keyActions: jsonb('key_actions').$type<Array<{ screenName: string; keyActions: string[] }>>().notNull(),
  finalizedAt: timestamp('finalized_at', { withTimezone: true }).notNull().defaultNow(),
});
