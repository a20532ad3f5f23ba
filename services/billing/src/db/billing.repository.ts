/** All SQL of billing. */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { enqueueEvent, type Database } from '@tracklens/kit';
import type { QuotaFeature, SubscriptionStatus } from '@tracklens/contracts';
import type {
  Activation,
  BillingStore,
  NewReservation,
  PaymentProvider,
  PaymentSessionRecord,
  ProviderEvent,
  ProviderEventOutcome,
  ReserveOutcome,
  StatusEventFactory,
  SubscriptionRecord,
  UsageEventFactory,
} from '../domain/billing';
import { ZERO_USAGE, type QuotaDecision, type UsageCounts } from '../domain/plans';
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
    decide: (status: SubscriptionStatus, usage: UsageCounts) => QuotaDecision,
    usageEvent: UsageEventFactory,
  ): Promise<ReserveOutcome> {
    const { userId, month, feature } = reservation;
    return this.db.transaction(async (tx) => {
      await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
      await tx.insert(usageCounters).values({ userId, month }).onConflictDoNothing();
      // The row lock makes concurrent reservations of one user take turns: each sees the last one's count.
      const [locked] = await tx.select().from(usageCounters).where(usageRowOf(userId, month)).for('update');
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
      // A retried reserve for the same work gets the reservation it already holds.
      if (previous?.status === 'reserved') return { granted: true, reservationId: previous.id };

      const decision = decide((subscription?.status ?? 'free') as SubscriptionStatus, toUsage(locked));
      if (!decision.granted) return decision;

      const [counted] = await tx
        .update(usageCounters)
        .set(countChange(feature, reservation.amount, reservation.prompts))
        .where(usageRowOf(userId, month))
        .returning();
      let reservationId = reservation.id;
      if (previous) {
        // The same work again after its release (a retry): it holds its reservation again.
        reservationId = previous.id;
        await tx
          .update(quotaReservations)
          .set({
            status: 'reserved',
            month,
            amount: reservation.amount,
            prompts: reservation.prompts,
            releasedAt: null,
          })
          .where(eq(quotaReservations.id, previous.id));
      } else {
        await tx.insert(quotaReservations).values({ ...reservation, status: 'reserved' });
      }
      const event = usageEvent(userId, month, toUsage(counted));
      await enqueueEvent(tx, event.subject, event.envelope);
      return { granted: true, reservationId };
    });
  }

  async release(reservationId: string, usageEvent: UsageEventFactory): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [held] = await tx.select().from(quotaReservations).where(eq(quotaReservations.id, reservationId));
      if (!held || held.status !== 'reserved') return false;
      // Same lock order as reserve (usage row first), so a reserve and a release never deadlock.
      await tx.select().from(usageCounters).where(usageRowOf(held.userId, held.month)).for('update');
      const [released] = await tx
        .update(quotaReservations)
        .set({ status: 'released', releasedAt: sql`now()` })
        .where(and(eq(quotaReservations.id, reservationId), eq(quotaReservations.status, 'reserved')))
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

  async findSubscription(userId: string): Promise<SubscriptionRecord | null> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row ? toSubscription(row) : null;
  }

  async findUsage(userId: string, month: string): Promise<UsageCounts> {
    const [row] = await this.db.select().from(usageCounters).where(usageRowOf(userId, month));
    return toUsage(row);
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
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .update(paymentSessions)
        .set({ status: 'paid', completedAt: sql`now()` })
        .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open')))
        .returning();
      if (!session) return false;
      await tx.insert(subscriptions).values({ userId: session.userId }).onConflictDoNothing();
      const [before] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, session.userId))
        .for('update');
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
      return true;
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
          .update(paymentSessions)
          .set({ status: 'paid', completedAt: sql`now()` })
          .where(and(eq(paymentSessions.id, change.paidSessionId), eq(paymentSessions.status, 'open')))
          .returning({ userId: paymentSessions.userId });
        // Our own record of who opened the session outranks anything in the payload.
        const [owner] = session
          ? [session]
          : await tx
              .select({ userId: paymentSessions.userId })
              .from(paymentSessions)
              .where(eq(paymentSessions.id, change.paidSessionId));
        userId = owner?.userId ?? userId;
        if (userId) await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
      }

      const row = await this.locateSubscription(tx, change.subscriptionId, userId, change.customerId);
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
