/** catalog's tables: products, saved items, and the per-video analysis status read model fed by analysis events. */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnalysisStatus, ProductType, SavedItemType } from '@tracklens/contracts';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').$type<ProductType>().notNull(),
    /** The status of the product's most recently changed video; null until analysis reports one. */
    analysisStatus: text('analysis_status').$type<AnalysisStatus>(),
    /** Percent of that video's analysis while it is analysing, else null. */
    analysisProgress: integer('analysis_progress'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('products_user_created_idx').on(table.userId, table.createdAt)],
);

/** One row per video: the latest analysis status catalog has seen for it (ARCHITECTURE §3, read model). */
export const videoAnalysis = pgTable(
  'video_analysis',
  {
    videoId: text('video_id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    status: text('status').$type<AnalysisStatus>().notNull(),
    progress: integer('progress'),
    error: text('error'),
    /** occurredAt of the event that set this row: an older event for the video is stale. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('video_analysis_product_idx').on(table.productId, table.occurredAt)],
);

/** What a user saved from a product's tracking plan, strategy or user flow pages (product-spec §3 Saved item). */
export const savedItems = pgTable(
  'saved_items',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text('type').$type<SavedItemType>().notNull(),
    name: text('name').notNull(),
    /** JSON text, at most 1 MB. */
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('saved_items_user_product_created_idx').on(table.userId, table.productId, table.createdAt),
  ],
);
