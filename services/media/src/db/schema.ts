/** media's tables: uploads handed out, registered videos (with the analysis status read model), outbox and inbox. */
import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** pending | receiving | stored | registered */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('uploads_storage_key_idx').on(table.storageKey), index('uploads_status_created_idx').on(table.status, table.createdAt)],
);

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    originalName: text('original_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    durationSec: doublePrecision('duration_sec').notNull(),
    analysisStatus: text('analysis_status').notNull().default('uploaded'),
    /** Percent of the analysis as its last event told it (meaningful while analysing). */
    analysisProgress: integer('analysis_progress'),
    /** occurredAt of the analysis event that set the status: an older event for the video is stale. */
    statusOccurredAt: timestamp('status_occurred_at', { withTimezone: true }),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('videos_storage_key_idx').on(table.storageKey), index('videos_product_idx').on(table.productId, table.createdAt)],
);
