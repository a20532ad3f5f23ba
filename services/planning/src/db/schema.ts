/** planning's tables: tracking plans and the user-facing record of each plan's generation (kit's tables hold the outbox, inbox and job queue). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { JobStatus, TrackingPlanContent, TrackingPlanStatus } from '@tracklens/contracts';

export const trackingPlans = pgTable(
  'tracking_plans',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id').notNull(),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    status: text('status').$type<TrackingPlanStatus>().notNull(),
    /** {events, funnels}; null until completed. */
    content: jsonb('content').$type<TrackingPlanContent>(),
    error: text('error'),
    /** billing's reservation for this plan: given back when generation fails. */
    reservationId: text('reservation_id'),
    jobId: uuid('job_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('tracking_plans_product_created_idx').on(table.productId, table.userId, table.createdAt),
    // At most one plan of a product is generating: the database refuses a second one whatever the race.
    uniqueIndex('tracking_plans_one_generating_idx').on(table.productId).where(sql`status = 'generating'`),
  ],
);

export interface JobResult {
  planId: string;
  eventCount: number;
  funnelCount: number;
}

export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey(),
    type: text('type').$type<'tracking_plan'>().notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    /** 0-100. */
    progress: integer('progress').notNull().default(0),
    result: jsonb('result').$type<JobResult>(),
    error: text('error'),
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** Deliveries of the job's event that started work: a restart shows as a second attempt. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('generation_jobs_product_created_idx').on(table.productId, table.createdAt)],
);
