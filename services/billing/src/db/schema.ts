/** billing's tables: subscriptions, monthly usage counters, quota reservations, payment sessions and applied Stripe events. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id').primaryKey(),
    /** free | trial | active | past_due | canceled */
    status: text('status').notNull().default('free'),
    /** Learned from identity.user.registered; the checkout's customer email and verify-payment's user_email. */
    email: text('email'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** `created` (epoch seconds) of the newest Stripe event applied: an older one arriving late is ignored. */
    lastStripeEventAt: bigint('last_stripe_event_at', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_stripe_subscription_idx').on(table.stripeSubscriptionId),
    index('subscriptions_stripe_customer_idx').on(table.stripeCustomerId),
  ],
);

/** One row per user per calendar month (UTC, 'YYYY-MM'); its row lock serialises that user's reservations. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: uuid('user_id').notNull(),
    month: text('month').notNull(),
    videosUploaded: integer('videos_uploaded').notNull().default(0),
    trackingPlansGenerated: integer('tracking_plans_generated').notNull().default(0),
    analyticsMessages: integer('analytics_messages').notNull().default(0),
    promptsUsed: integer('prompts_used').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

/**
 * What each granted reservation took, so a release or an expiry gives back exactly that, once. Two-phase: reserved
 * until its owner confirms it (its thing was recorded) or releases it; one still reserved past `expiresAt` is expired
 * by billing and its units counted no more.
 */
export const quotaReservations = pgTable(
  'quota_reservations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    feature: text('feature').notNull(),
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
    prompts: integer('prompts').notNull(),
    /** The owner's idempotency key. */
    reference: text('reference'),
    /** reserved | confirmed | released | expired */
    status: text('status').notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null only on reservations from before two-phase reservations, which the migration confirmed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When its units were given back: released by its owner or expired. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('quota_reservations_reference_idx')
      .on(table.userId, table.feature, table.reference)
      .where(sql`${table.reference} is not null`),
    index('quota_reservations_due_idx').on(table.status, table.expiresAt),
  ],
);

/** Checkout sessions started by users: Stripe's (cs_test_/cs_live_) or the development checkout's (cs_test_dev_). */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    /** stripe | development */
    provider: text('provider').notNull(),
    /** open | paid | canceled | refunded (paid while the user was already Pro: canceled and refunded at the provider) */
    status: text('status').notNull().default('open'),
    /** The provider's subscription the session created, once paid. */
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('payment_sessions_user_idx').on(table.userId)],
);

/** Stripe event ids already applied: a replayed or redelivered webhook has no second effect. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
