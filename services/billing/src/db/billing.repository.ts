/** All SQL of billing. */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { enqueueEvent, enqueueJob, type Database } from '@tracklens/kit';
import type { QuotaFeature, SubscriptionStatus } from '@tracklens/contracts';
import {
  DUPLICATE_PAYMENT_QUEUE,
  type Activation,
  type BillingStore,
  type ConfirmOutcome,
  type NewReservation,
  type PaymentCompletion,
  type PaymentProvider,
  type PaymentSessionRecord,
  type ProviderEvent,
  type ProviderEventOutcome,
  type ReserveOutcome,
  type RetakeDecision,
  type StatusEventFactory,
  type SubscriptionRecord,
  type UsageEventFactory,
} from '../domain/billing';
import { COUNTER_OF, ZERO_USAGE, type QuotaDecision, type UsageCounts } from '../domain/plans';
import { paymentSessions, quotaReservations, stripeEvents, subscriptions, usageCounters } from './schema';

type UsageRow = typeof usageCounters.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

function toUsage(row: UsageRow | undefined): UsageCounts {
  if (!row) return { ...ZERO_USAGE };
  return {
    videosUploaded: row.videosUploaded,
    trackingPlansGenerated: row.trackingPlansGenerated,
    analyticsMessages: row.analyticsMessages,
    promptsUsed: row.promptsUsed,
  };
}

function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return {
    userId: row.userId,
    status: row.status as SubscriptionStatus,
    email: row.email,
    stripeCustomerId: row.stripeCustomerId,
    stripeSubscriptionId: row.stripeSubscriptionId,
    currentPeriodEnd: row.currentPeriodEnd,
  };
}

/** Adds `delta` units of a feature and `prompts` prompts (negative to give back; never below zero). */
function countChange(feature: QuotaFeature, delta: number, prompts: number) {
  const add = (column: AnyPgColumn, by: number) => sql`greatest(${column} + ${by}, 0)`;
  const base = { promptsUsed: add(usageCounters.promptsUsed, prompts), updatedAt: sql`now()` };
  switch (feature) {
    case 'video_upload':
      return { ...base, videosUploaded: add(usageCounters.videosUploaded, delta) };
    case 'tracking_plan':
      return { ...base, trackingPlansGenerated: add(usageCounters.trackingPlansGenerated, delta) };
    case 'analytics_message':
      return { ...base, analyticsMessages: add(usageCounters.analyticsMessages, delta) };
  }
}

function usageRowOf(userId: string, month: string) {
  return and(eq(usageCounters.userId, userId), eq(usageCounters.month, month));
}

/** Reservations of the user's month still unconfirmed past their expiry. */
function overdueOf(userId: string, month: string, now: Date) {
  return and(
    eq(quotaReservations.userId, userId),
    eq(quotaReservations.month, month),
    eq(quotaReservations.status, 'reserved'),
    lt(quotaReservations.expiresAt, now),
  );
}

/** Usage without the units of `overdue` reservations (never below zero). */
function withoutOverdue(
  usage: UsageCounts,
  overdue: Array<{ feature: string; amount: number; prompts: number }>,
): UsageCounts {
  const result = { ...usage };
  for (const reservation of overdue) {
    const counter = COUNTER_OF[reservation.feature as QuotaFeature];
    result[counter] = Math.max(0, result[counter] - reservation.amount);
    result.promptsUsed = Math.max(0, result.promptsUsed - reservation.prompts);
  }
  return result;
}

/**
 * A paid checkout for a user already Pro on another subscription: a second payment, never stored over the first.
 * (A user who is past_due or canceled paying again takes the new subscription.)
 */
function isSecondSubscription(row: SubscriptionRow | undefined, subscriptionId: string | null): boolean {
  return (
    row?.status === 'active' &&
    row.stripeSubscriptionId !== null &&
    subscriptionId !== null &&
    subscriptionId !== row.stripeSubscriptionId
  );
}

/** Records the refund of a second subscription in the transaction that refused it. */
async function enqueueRefund(tx: Database, subscriptionId: string): Promise<void> {
  await enqueueJob(tx, DUPLICATE_PAYMENT_QUEUE, subscriptionId, { subscriptionId });
}

export class BillingRepository implements BillingStore {
  constructor(private readonly db: Database) {}

  async ensureSubscription(userId: string, email: string | null): Promise<void> {
    await this.db
      .insert(subscriptions)
      .values({ userId, email })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { email: sql`coalesce(${subscriptions.email}, excluded.email)` },
      });
  }

  async reserve(
    reservation: NewReservation,
    now: Date,
    decide: (status: SubscriptionStatus, usage: UsageCounts) => QuotaDecision,
    usageEvent: UsageEventFactory,
  ): Promise<ReserveOutcome> {
    const { userId, month, feature } = reservation;
    return this.db.transaction(async (tx) => {
      await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
      await tx.insert(usageCounters).values({ userId, month }).onConflictDoNothing();
      // The row lock makes concurrent reservations of one user take turns: each sees the last one's count.
      await tx.select().from(usageCounters).where(usageRowOf(userId, month)).for('update');
      const expired = await this.expireLocked(tx, userId, month, now);
      const [locked] = await tx.select().from(usageCounters).where(usageRowOf(userId, month));
      const [subscription] = await tx
        .select({ status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId));

      const previous = reservation.reference
        ? (
            await tx
              .select()
              .from(quotaReservations)
              .where(
                and(
                  eq(quotaReservations.userId, userId),
                  eq(quotaReservations.feature, feature),
                  eq(quotaReservations.reference, reservation.reference),
                ),
              )
          )[0]
        : undefined;
      // A retried reserve for the same work gets the reservation it already holds, with a fresh expiry if unconfirmed.
      if (previous?.status === 'reserved') {
        await tx
          .update(quotaReservations)
          .set({ expiresAt: reservation.expiresAt })
          .where(eq(quotaReservations.id, previous.id));
        return { granted: true, reservationId: previous.id, expiresAt: reservation.expiresAt };
      }
      if (previous?.status === 'confirmed') {
        return { granted: true, reservationId: previous.id, expiresAt: previous.expiresAt ?? reservation.expiresAt };
      }

      const decision = decide((subscription?.status ?? 'free') as SubscriptionStatus, toUsage(locked));
      if (!decision.granted) {
        if (expired > 0) await this.publishUsage(tx, userId, month, usageEvent);
        return decision;
      }

      const [counted] = await tx
        .update(usageCounters)
        .set(countChange(feature, reservation.amount, reservation.prompts))
        .where(usageRowOf(userId, month))
        .returning();
      let reservationId = reservation.id;
      if (previous) {
        // The same work again after its release or expiry (a retry): it holds its reservation again.
        reservationId = previous.id;
        await tx
          .update(quotaReservations)
          .set({
            status: 'reserved',
            month,
            amount: reservation.amount,
            prompts: reservation.prompts,
            expiresAt: reservation.expiresAt,
            confirmedAt: null,
            releasedAt: null,
          })
          .where(eq(quotaReservations.id, previous.id));
      } else {
        await tx.insert(quotaReservations).values({ ...reservation, status: 'reserved' });
      }
      const event = usageEvent(userId, month, toUsage(counted));
      await enqueueEvent(tx, event.subject, event.envelope);
      return { granted: true, reservationId, expiresAt: reservation.expiresAt };
    });
  }

  async confirm(reservationId: string, decide: RetakeDecision, usageEvent: UsageEventFactory): Promise<ConfirmOutcome> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx.select().from(quotaReservations).where(eq(quotaReservations.id, reservationId));
      if (!found) return { confirmed: false, reason: 'not-found' };
      // Same lock order as reserve: once the usage row is held, nothing else changes this reservation.
      await tx.select().from(usageCounters).where(usageRowOf(found.userId, found.month)).for('update');
      const [held] = await tx.select().from(quotaReservations).where(eq(quotaReservations.id, reservationId));
      const status = held?.status;
      if (!held || status === 'released') return { confirmed: false, reason: 'released' };
      if (status === 'confirmed') return { confirmed: true };
      if (status === 'expired') {
        // Its units were given back: it takes them again only if the month still has them.
        const [subscription] = await tx
          .select({ status: subscriptions.status })
          .from(subscriptions)
          .where(eq(subscriptions.userId, held.userId));
        const [usage] = await tx.select().from(usageCounters).where(usageRowOf(held.userId, held.month));
        const decision = decide((subscription?.status ?? 'free') as SubscriptionStatus, toUsage(usage), {
          feature: held.feature as QuotaFeature,
          amount: held.amount,
        });
        if (!decision.granted) return { confirmed: false, reason: 'denied', denial: decision.denial };
        const [counted] = await tx
          .update(usageCounters)
          .set(countChange(held.feature as QuotaFeature, held.amount, held.prompts))
          .where(usageRowOf(held.userId, held.month))
          .returning();
        const event = usageEvent(held.userId, held.month, toUsage(counted));
        await enqueueEvent(tx, event.subject, event.envelope);
      }
      // Still reserved (even past its expiry, not yet swept): its units were never given back.
      await tx
        .update(quotaReservations)
        .set({ status: 'confirmed', confirmedAt: sql`now()`, releasedAt: null })
        .where(eq(quotaReservations.id, reservationId));
      return { confirmed: true };
    });
  }

  async findReservationId(userId: string, feature: QuotaFeature, reference: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: quotaReservations.id })
      .from(quotaReservations)
      .where(
        and(
          eq(quotaReservations.userId, userId),
          eq(quotaReservations.feature, feature),
          eq(quotaReservations.reference, reference),
        ),
      );
    return row?.id ?? null;
  }

  async release(reservationId: string, usageEvent: UsageEventFactory): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [held] = await tx.select().from(quotaReservations).where(eq(quotaReservations.id, reservationId));
      if (!held || (held.status !== 'reserved' && held.status !== 'confirmed')) return false;
      // Same lock order as reserve (usage row first), so a reserve and a release never deadlock.
      await tx.select().from(usageCounters).where(usageRowOf(held.userId, held.month)).for('update');
      const [released] = await tx
        .update(quotaReservations)
        .set({ status: 'released', releasedAt: sql`now()` })
        .where(
          and(
            eq(quotaReservations.id, reservationId),
            sql`${quotaReservations.status} in ('reserved', 'confirmed')`,
          ),
        )
        .returning();
      if (!released) return false;
      const [counted] = await tx
        .update(usageCounters)
        .set(countChange(held.feature as QuotaFeature, -held.amount, -held.prompts))
        .where(usageRowOf(held.userId, held.month))
        .returning();
      const event = usageEvent(held.userId, held.month, toUsage(counted));
      await enqueueEvent(tx, event.subject, event.envelope);
      return true;
    });
  }

  async overdueReservationOwners(now: Date, limit: number): Promise<Array<{ userId: string; month: string }>> {
    return this.db
      .selectDistinct({ userId: quotaReservations.userId, month: quotaReservations.month })
      .from(quotaReservations)
      .where(and(eq(quotaReservations.status, 'reserved'), lt(quotaReservations.expiresAt, now)))
      .limit(limit);
  }

  async expireOverdue(userId: string, month: string, now: Date, usageEvent: UsageEventFactory): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.select().from(usageCounters).where(usageRowOf(userId, month)).for('update');
      const expired = await this.expireLocked(tx, userId, month, now);
      if (expired > 0) await this.publishUsage(tx, userId, month, usageEvent);
      return expired;
    });
  }

  /** With the usage row locked: overdue reservations become expired and their units are given back. */
  private async expireLocked(tx: Database, userId: string, month: string, now: Date): Promise<number> {
    const expired = await tx
      .update(quotaReservations)
      .set({ status: 'expired', releasedAt: sql`now()` })
      .where(overdueOf(userId, month, now))
      .returning();
    for (const reservation of expired) {
      await tx
        .update(usageCounters)
        .set(countChange(reservation.feature as QuotaFeature, -reservation.amount, -reservation.prompts))
        .where(usageRowOf(userId, month));
    }
    return expired.length;
  }

  private async publishUsage(tx: Database, userId: string, month: string, usageEvent: UsageEventFactory) {
    const [usage] = await tx.select().from(usageCounters).where(usageRowOf(userId, month));
    const event = usageEvent(userId, month, toUsage(usage));
    await enqueueEvent(tx, event.subject, event.envelope);
  }

  async findSubscription(userId: string): Promise<SubscriptionRecord | null> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row ? toSubscription(row) : null;
  }

  async findUsage(userId: string, month: string, now: Date): Promise<UsageCounts> {
    const [row] = await this.db.select().from(usageCounters).where(usageRowOf(userId, month));
    // Expired but not swept yet: already not counted.
    const overdue = await this.db
      .select({
        feature: quotaReservations.feature,
        amount: quotaReservations.amount,
        prompts: quotaReservations.prompts,
      })
      .from(quotaReservations)
      .where(overdueOf(userId, month, now));
    return withoutOverdue(toUsage(row), overdue);
  }

  async createPaymentSession(session: {
    id: string;
    userId: string;
    provider: PaymentProvider;
  }): Promise<void> {
    await this.db.insert(paymentSessions).values(session);
  }

  async findPaymentSession(id: string): Promise<PaymentSessionRecord | null> {
    const [row] = await this.db.select().from(paymentSessions).where(eq(paymentSessions.id, id));
    if (!row) return null;
    return {
      id: row.id,
      userId: row.userId,
      provider: row.provider as PaymentProvider,
      status: row.status as PaymentSessionRecord['status'],
    };
  }

  async completePayment(
    sessionId: string,
    activation: Activation,
    statusEvent: StatusEventFactory,
  ): Promise<PaymentCompletion> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .update(paymentSessions)
        .set({ status: 'paid', subscriptionId: activation.subscriptionId, completedAt: sql`now()` })
        .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open')))
        .returning();
      if (!session) return 'not-open';
      await tx.insert(subscriptions).values({ userId: session.userId }).onConflictDoNothing();
      // The subscription row's lock makes concurrent payments of one user take turns: the second sees the first.
      const [before] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, session.userId))
        .for('update');
      if (isSecondSubscription(before, activation.subscriptionId)) {
        const stripe = session.provider === 'stripe' && activation.subscriptionId !== null;
        await tx
          .update(paymentSessions)
          .set({ status: stripe ? 'refunded' : 'canceled' })
          .where(eq(paymentSessions.id, sessionId));
        if (stripe && activation.subscriptionId) await enqueueRefund(tx, activation.subscriptionId);
        return 'duplicate';
      }
      await tx
        .update(subscriptions)
        .set({
          status: 'active',
          stripeCustomerId: activation.customerId ?? before?.stripeCustomerId ?? null,
          stripeSubscriptionId: activation.subscriptionId ?? before?.stripeSubscriptionId ?? null,
          currentPeriodEnd: activation.currentPeriodEnd,
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.userId, session.userId));
      if (before?.status !== 'active') {
        const event = statusEvent(session.userId, 'active');
        await enqueueEvent(tx, event.subject, event.envelope);
      }
      return 'applied';
    });
  }

  async cancelPaymentSession(sessionId: string): Promise<boolean> {
    const rows = await this.db
      .update(paymentSessions)
      .set({ status: 'canceled', completedAt: sql`now()` })
      .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open')))
      .returning({ id: paymentSessions.id });
    return rows.length > 0;
  }

  async applyProviderEvent(
    event: ProviderEvent,
    newPeriodEnd: Date,
    statusEvent: StatusEventFactory,
  ): Promise<ProviderEventOutcome> {
    return this.db.transaction(async (tx) => {
      const recorded = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (recorded.length === 0) return 'duplicate';
      const change = event.change;
      if (!change) return 'ignored';

      let userId = change.userId;
      if (change.paidSessionId) {
        const [session] = await tx
          .select()
          .from(paymentSessions)
          .where(eq(paymentSessions.id, change.paidSessionId))
          .for('update');
        // Applied already (by verify-payment or an earlier event), refunded or closed: a completed session counts once.
        if (session && session.status !== 'open') return 'duplicate';
        // Our own record of who opened the session outranks anything in the payload.
        userId = session?.userId ?? userId;
        if (userId) await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
      }

      const row = await this.locateSubscription(tx, change.subscriptionId, userId, change.customerId);
      if (change.paidSessionId && isSecondSubscription(row, change.subscriptionId)) {
        // Checked before the age of the event: a second payment is refunded however late its event arrives.
        await this.markSession(tx, change.paidSessionId, 'refunded', change.subscriptionId);
        if (change.subscriptionId) await enqueueRefund(tx, change.subscriptionId);
        return 'refunded';
      }
      if (change.paidSessionId) await this.markSession(tx, change.paidSessionId, 'paid', change.subscriptionId);
      if (!row) return 'ignored';
      if (row.lastStripeEventAt !== null && row.lastStripeEventAt > event.created) return 'ignored'; // older than what we know
      // A late event about a subscription the user no longer holds must not touch the current one.
      const isCheckout = change.paidSessionId !== null;
      if (
        !isCheckout &&
        row.stripeSubscriptionId &&
        change.subscriptionId &&
        row.stripeSubscriptionId !== change.subscriptionId
      ) {
        return 'ignored';
      }
      const isNewSubscription = isCheckout && change.subscriptionId !== row.stripeSubscriptionId;
      await tx
        .update(subscriptions)
        .set({
          status: change.status,
          stripeCustomerId: change.customerId ?? row.stripeCustomerId,
          stripeSubscriptionId: change.subscriptionId ?? row.stripeSubscriptionId,
          currentPeriodEnd:
            change.currentPeriodEnd ?? (isNewSubscription ? newPeriodEnd : row.currentPeriodEnd),
          lastStripeEventAt: event.created,
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.userId, row.userId));
      if (row.status !== change.status) {
        const changed = statusEvent(row.userId, change.status);
        await enqueueEvent(tx, changed.subject, changed.envelope);
      }
      return 'applied';
    });
  }

  private async markSession(
    tx: Database,
    sessionId: string,
    status: 'paid' | 'refunded',
    subscriptionId: string | null,
  ): Promise<void> {
    await tx
      .update(paymentSessions)
      .set({ status, subscriptionId, completedAt: sql`now()` })
      .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open')));
  }

  /** By the provider's subscription id, then our user id, then the provider's customer id; locked for the update. */
  private async locateSubscription(
    tx: Database,
    subscriptionId: string | null,
    userId: string | null,
    customerId: string | null,
  ): Promise<SubscriptionRow | undefined> {
    const conditions = [
      subscriptionId ? eq(subscriptions.stripeSubscriptionId, subscriptionId) : undefined,
      userId ? eq(subscriptions.userId, userId) : undefined,
      customerId ? eq(subscriptions.stripeCustomerId, customerId) : undefined,
    ];
    for (const condition of conditions) {
      if (!condition) continue;
      const [row] = await tx.select().from(subscriptions).where(condition).limit(1).for('update');
      if (row) return row;
    }
    return undefined;
  }
}
