/** billing's use cases: quota reservations, the subscription of each user, checkout and payment events. */
import { randomBytes, randomUUID } from 'node:crypto';
import { AppError, createEnvelope, errors, type JobOutcome, type OutgoingEvent } from '@tracklens/kit';
import {
  subjects,
  type CheckoutResponse,
  type QuotaDenial,
  type QuotaFeature,
  type SubscriptionChanged,
  type SubscriptionInfo,
  type SubscriptionStatus,
  type UsageChanged,
  type UserRegistered,
  type VerifyPaymentResponse,
  type VideoUploaded,
} from '@tracklens/contracts';
import {
  PROMPTS_PER_RESERVATION,
  addOneMonth,
  decideQuota,
  monthKey,
  remainingOf,
  type Clock,
  type QuotaDecision,
  type Remaining,
  type UsageCounts,
} from './plans';

export type UsageEventFactory = (userId: string, month: string, usage: UsageCounts) => OutgoingEvent;
export type StatusEventFactory = (userId: string, status: SubscriptionStatus) => OutgoingEvent;

export interface SubscriptionRecord {
  userId: string;
  status: SubscriptionStatus;
  email: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  currentPeriodEnd: Date | null;
}

export type PaymentProvider = 'stripe' | 'development';

export interface PaymentSessionRecord {
  id: string;
  userId: string;
  provider: PaymentProvider;
  /** refunded: paid while the user was already Pro, so canceled and refunded at the provider instead of applied. */
  status: 'open' | 'paid' | 'canceled' | 'refunded';
}

export interface NewReservation {
  id: string;
  userId: string;
  feature: QuotaFeature;
  amount: number;
  prompts: number;
  reference: string | null;
  month: string;
  /** Unless confirmed by then, billing gives the units back. */
  expiresAt: Date;
}

export type ReserveOutcome =
  { granted: true; reservationId: string; expiresAt: Date } | { granted: false; denial: QuotaDenial };

/** Decides whether an expired reservation may take its units again now. */
export type RetakeDecision = (
  status: SubscriptionStatus,
  usage: UsageCounts,
  reservation: { feature: QuotaFeature; amount: number },
) => QuotaDecision;

export type ConfirmOutcome =
  | { confirmed: true }
  | { confirmed: false; reason: 'released' | 'not-found' }
  | { confirmed: false; reason: 'denied'; denial: QuotaDenial };

/** What a paid checkout did: applied to the subscription, or refused because the user was already Pro. */
export type PaymentCompletion = 'applied' | 'duplicate' | 'not-open';

/** What a paid checkout sets on the subscription. */
export interface Activation {
  customerId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: Date;
}

/** A subscription change reported by the payment provider, and how to find whose it is. */
export interface SubscriptionChange {
  userId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  /** A checkout session this change completes (checkout.session.completed). */
  paidSessionId: string | null;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** Epoch seconds at the provider. */
  created: number;
  /** null: an event type billing does not act on (still recorded, so a replay stays a no-op). */
  change: SubscriptionChange | null;
}

/** refunded: a checkout paid while the user was already Pro; its subscription is canceled and refunded instead. */
export type ProviderEventOutcome = 'applied' | 'duplicate' | 'ignored' | 'refunded';

/**
 * The durable job that cancels and refunds a subscription paid while its user was already Pro; enqueued in the
 * transaction that refuses the payment, keyed by the provider's subscription id.
 */
export const DUPLICATE_PAYMENT_QUEUE = { name: 'refund-duplicate-payment', maxAttempts: 8, backoffMs: 5000 } as const;


/** What billing needs from its storage (src/db/billing.repository.ts implements it). */
export interface BillingStore {
  ensureSubscription(userId: string, email: string | null): Promise<void>;
  /**
   * In one transaction with the (user, month) usage row locked: expire the user's overdue reservations of the
   * month, then decide, count, record, publish. A reference already reserved or confirmed answers its reservation.
   */
  reserve(
    reservation: NewReservation,
    now: Date,
    decide: (status: SubscriptionStatus, usage: UsageCounts) => QuotaDecision,
    usageEvent: UsageEventFactory,
  ): Promise<ReserveOutcome>;
  /** Keeps a reservation for good; an expired one takes its units again if `decide` allows it. */
  confirm(reservationId: string, decide: RetakeDecision, usageEvent: UsageEventFactory): Promise<ConfirmOutcome>;
  /** The reservation the owner made under `reference`, if any. */
  findReservationId(userId: string, feature: QuotaFeature, reference: string): Promise<string | null>;
  /** Gives a reservation's units back once, confirmed or not; false when it is unknown, released or expired. */
  release(reservationId: string, usageEvent: UsageEventFactory): Promise<boolean>;
  /** Users and months with reservations still reserved past their expiry. */
  overdueReservationOwners(now: Date, limit: number): Promise<Array<{ userId: string; month: string }>>;
  /** Expires the user's overdue reservations of the month and gives their units back; answers how many. */
  expireOverdue(userId: string, month: string, now: Date, usageEvent: UsageEventFactory): Promise<number>;
  findSubscription(userId: string): Promise<SubscriptionRecord | null>;
  /** The month's counters without the units of reservations past their expiry. */
  findUsage(userId: string, month: string, now: Date): Promise<UsageCounts>;
  createPaymentSession(session: { id: string; userId: string; provider: PaymentProvider }): Promise<void>;
  findPaymentSession(id: string): Promise<PaymentSessionRecord | null>;
  /**
   * open → paid and the owner's subscription active, together. A user already active on another subscription is
   * not touched: the session is recorded refunded (a Stripe one with its refund job) or canceled (a development one).
   */
  completePayment(
    sessionId: string,
    activation: Activation,
    statusEvent: StatusEventFactory,
  ): Promise<PaymentCompletion>;
  /** open → canceled; false when the session was not open. */
  cancelPaymentSession(sessionId: string): Promise<boolean>;
  /**
   * Applies a provider event once (its id is recorded with the effect). `newPeriodEnd` is the period end of a
   * subscription a checkout just created, until the provider reports the real one.
   */
  applyProviderEvent(
    event: ProviderEvent,
    newPeriodEnd: Date,
    statusEvent: StatusEventFactory,
  ): Promise<ProviderEventOutcome>;
}

/** A checkout session as the payment provider reports it. */
export interface ProviderCheckout {
  id: string;
  url: string | null;
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: Date | null;
}

/** The payment provider (Stripe); absent in development, where billing's own checkout pages take its place. */
export interface CheckoutGateway {
  createCheckout(input: {
    userId: string;
    email: string | null;
    customerId: string | null;
  }): Promise<ProviderCheckout>;
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout>;
  /** Cancels a subscription paid by mistake and refunds its payment; doing it again changes nothing. */
  cancelAndRefund(subscriptionId: string): Promise<void>;
}

/** Who a user is, asked of identity. */
export interface UserDirectory {
  emailOf(userId: string): Promise<string | null>;
}

export interface BillingDependencies {
  store: BillingStore;
  clock: Clock;
  /** Stripe; null: the development checkout serves instead, unless payments are disabled. */
  checkout: CheckoutGateway | null;
  /** PAYMENTS_DISABLED: no checkout of any kind. */
  paymentsDisabled?: boolean;
  users: UserDirectory;
  /** Where the development checkout page of a session is served. */
  devCheckoutUrl: (sessionId: string) => string;
  /** How long a reservation holds its units unless confirmed. */
  reservationTtlMs: number;
  /** Called after a commit that stored events or jobs, so they are handled now rather than at the next poll. */
  eventsStored?: () => void;
  logger: { info(details: object, message: string): void; error(details: object, message: string): void };
}

export interface ReserveRequest {
  userId: string;
  feature: QuotaFeature;
  amount: number;
  videoDurationSec: number;
  reference: string | null;
}

export interface Entitlements {
  status: SubscriptionStatus;
  month: string;
  usage: UsageCounts;
  remaining: Remaining;
}

export const PAYMENT_SESSION_NOT_FOUND = 'Payment session not found';
export const PAYMENT_SESSION_FORBIDDEN = 'This payment session belongs to another user';
export const CHECKOUT_FOR_OTHER_USER = 'You can only start a checkout for your own account';
export const ALREADY_PRO = 'You already have an active Pro subscription';
export const SESSION_CLOSED = 'This checkout session is no longer open';
export const PAYMENT_VERIFIED = 'Payment verified. Your Pro subscription is now active.';
export const PAYMENT_PENDING = 'Payment has not been completed yet.';
export const PAYMENT_REFUNDED =
  'You already have an active Pro subscription, so this payment has been canceled and refunded.';
export const PAYMENTS_DISABLED = 'Payments are disabled on this server';

/** Overdue reservations are looked for this often at most, and at least a tenth of their lifetime apart. */
export function expirySweepEveryMs(reservationTtlMs: number): number {
  return Math.min(60_000, Math.max(500, Math.floor(reservationTtlMs / 10)));
}

const EXPIRY_BATCH = 100;

export class Billing {
  private readonly store: BillingStore;
  private readonly clock: Clock;

  constructor(private readonly deps: BillingDependencies) {
    this.store = deps.store;
    this.clock = deps.clock;
  }

  async reserveQuota(request: ReserveRequest): Promise<ReserveOutcome> {
    const now = this.clock.now();
    const reservation: NewReservation = {
      id: randomUUID(),
      userId: request.userId,
      feature: request.feature,
      amount: request.amount,
      prompts: PROMPTS_PER_RESERVATION,
      reference: request.reference,
      month: monthKey(now),
      expiresAt: new Date(now.getTime() + this.deps.reservationTtlMs),
    };
    const outcome = await this.store.reserve(
      reservation,
      now,
      (status, usage) => decideQuota(status, usage, request),
      usageChangedEvent,
    );
    this.deps.eventsStored?.();
    return outcome;
  }

  /** The owner recorded its thing: the units stay taken. An expired reservation re-takes them if the plan allows. */
  async confirmQuota(reservationId: string): Promise<ConfirmOutcome> {
    const outcome = await this.store.confirm(
      reservationId,
      // The video's length was checked when it was reserved; only the monthly count is decided again.
      (status, usage, { feature, amount }) => decideQuota(status, usage, { feature, amount, videoDurationSec: 0 }),
      usageChangedEvent,
    );
    this.deps.eventsStored?.();
    return outcome;
  }

  /** media.video.uploaded: the video its upload reserved for is recorded, whether or not media's own confirm arrived. */
  async confirmUploadedVideo(video: Pick<VideoUploaded, 'userId' | 'storageKey' | 'videoId'>): Promise<void> {
    const reservationId = await this.store.findReservationId(video.userId, 'video_upload', video.storageKey);
    if (!reservationId) return;
    const outcome = await this.confirmQuota(reservationId);
    if (!outcome.confirmed && outcome.reason === 'denied') {
      this.deps.logger.error(
        { userId: video.userId, videoId: video.videoId, reservationId },
        'a video was recorded after its reservation expired and the month has no unit left for it',
      );
    }
  }

  async releaseQuota(reservationId: string): Promise<boolean> {
    const released = await this.store.release(reservationId, usageChangedEvent);
    this.deps.eventsStored?.();
    return released;
  }

  /** Gives back the units of every reservation still unconfirmed past its expiry; answers how many expired. */
  async expireReservations(): Promise<number> {
    const now = this.clock.now();
    let expired = 0;
    for (;;) {
      const owners = await this.store.overdueReservationOwners(now, EXPIRY_BATCH);
      for (const { userId, month } of owners) {
        expired += await this.store.expireOverdue(userId, month, now, usageChangedEvent);
      }
      if (owners.length < EXPIRY_BATCH) break;
    }
    if (expired > 0) {
      this.deps.eventsStored?.();
      this.deps.logger.info({ expired }, 'unconfirmed quota reservations expired and their units given back');
    }
    return expired;
  }

  async entitlements(userId: string): Promise<Entitlements> {
    const now = this.clock.now();
    const month = monthKey(now);
    const [subscription, usage] = await Promise.all([
      this.store.findSubscription(userId),
      this.store.findUsage(userId, month, now),
    ]);
    const status = subscription?.status ?? 'free';
    return { status, month, usage, remaining: remainingOf(status, usage) };
  }

  /** product-spec §3 Subscription info; a user billing has not heard of yet is a Free user with nothing used. */
  async subscriptionInfo(userId: string): Promise<SubscriptionInfo> {
    const now = this.clock.now();
    const month = monthKey(now);
    const [subscription, usage] = await Promise.all([
      this.store.findSubscription(userId),
      this.store.findUsage(userId, month, now),
    ]);
    const status = subscription?.status ?? 'free';
    return {
      hasActiveSubscription: status === 'active',
      subscriptionStatus: status,
      promptsUsed: usage.promptsUsed,
      promptsRemaining: remainingOf(status, usage).prompts,
      stripeCustomerId: subscription?.stripeCustomerId ?? null,
      stripeSubscriptionId: subscription?.stripeSubscriptionId ?? null,
      analyticsMessages: usage.analyticsMessages,
      trackingPlansGenerated: usage.trackingPlansGenerated,
      videosUploaded: usage.videosUploaded,
      currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
    };
  }

  async startCheckout(callerId: string, requestedUserId: string | undefined): Promise<CheckoutResponse> {
    if (requestedUserId !== undefined && requestedUserId !== callerId)
      throw errors.forbidden(CHECKOUT_FOR_OTHER_USER, 'FORBIDDEN');
    if (this.deps.paymentsDisabled) throw new AppError(503, PAYMENTS_DISABLED, 'PAYMENTS_DISABLED');
    await this.store.ensureSubscription(callerId, null);
    const subscription = await this.store.findSubscription(callerId);
    if (subscription?.status === 'active') throw errors.conflict(ALREADY_PRO, 'ALREADY_SUBSCRIBED');
    if (!this.deps.checkout) {
      const id = `cs_test_dev_${randomBytes(24).toString('hex')}`;
      await this.store.createPaymentSession({ id, userId: callerId, provider: 'development' });
      return { checkoutUrl: this.deps.devCheckoutUrl(id), sessionId: id };
    }
    const email = subscription?.email ?? (await this.deps.users.emailOf(callerId));
    const created = await this.deps.checkout.createCheckout({
      userId: callerId,
      email,
      customerId: subscription?.stripeCustomerId ?? null,
    });
    if (!created.url) throw errors.unavailable('No checkout URL received from Stripe');
    await this.store.createPaymentSession({ id: created.id, userId: callerId, provider: 'stripe' });
    return { checkoutUrl: created.url, sessionId: created.id };
  }

  /**
   * Checks a checkout session and applies it when paid, once. `callerId` null is the development-only,
   * unauthenticated variant, which answers no e-mail; otherwise the session must be the caller's.
   */
  async verifyPayment(sessionId: string, callerId: string | null): Promise<VerifyPaymentResponse> {
    const session = await this.store.findPaymentSession(sessionId);
    if (!session) throw errors.notFound(PAYMENT_SESSION_NOT_FOUND);
    if (callerId !== null && session.userId !== callerId)
      throw errors.forbidden(PAYMENT_SESSION_FORBIDDEN, 'FORBIDDEN');
    let status = session.status;
    if (status === 'open' && session.provider === 'stripe' && this.deps.checkout) {
      const remote = await this.deps.checkout.retrieveCheckout(session.id);
      if (remote.paid) {
        const completion = await this.store.completePayment(
          session.id,
          {
            customerId: remote.customerId,
            subscriptionId: remote.subscriptionId,
            currentPeriodEnd: remote.currentPeriodEnd ?? addOneMonth(this.clock.now()),
          },
          subscriptionChangedEvent,
        );
        this.deps.eventsStored?.();
        // Not open any more: the webhook (or a concurrent verify) got there first; its record is the answer.
        status =
          completion === 'not-open'
            ? ((await this.store.findPaymentSession(session.id))?.status ?? status)
            : completion === 'duplicate'
              ? 'refunded'
              : 'paid';
      }
    }
    return {
      // A refunded session leaves the user Pro on the subscription they already had.
      success: status === 'paid' || status === 'refunded',
      payment_status: status === 'refunded' ? 'refunded' : status === 'paid' ? 'paid' : 'unpaid',
      user_email: callerId === null ? null : await this.emailOf(session.userId),
      message: status === 'refunded' ? PAYMENT_REFUNDED : status === 'paid' ? PAYMENT_VERIFIED : PAYMENT_PENDING,
    };
  }

  /** The refund job: cancels the subscription paid while its user was already Pro and refunds its payment. */
  async refundDuplicatePayment(subscriptionId: string): Promise<JobOutcome> {
    if (!this.deps.checkout) {
      this.deps.logger.error({ subscriptionId }, 'a duplicate payment cannot be refunded without STRIPE_SECRET_KEY');
      return { failed: 'Stripe is not configured' };
    }
    await this.deps.checkout.cancelAndRefund(subscriptionId);
    this.deps.logger.info({ subscriptionId }, 'duplicate subscription canceled and its payment refunded');
    return 'completed';
  }

  /** The development checkout's session; only an open one can be paid or canceled. */
  async devCheckout(sessionId: string): Promise<PaymentSessionRecord> {
    // With Stripe configured or payments disabled, a development session left from before must not grant Pro for free.
    if (this.deps.checkout || this.deps.paymentsDisabled) throw errors.notFound(PAYMENT_SESSION_NOT_FOUND);
    const session = await this.store.findPaymentSession(sessionId);
    if (!session || session.provider !== 'development') throw errors.notFound(PAYMENT_SESSION_NOT_FOUND);
    return session;
  }

  /** 'Pay $59' on the development checkout: the same outcome as a paid Stripe Checkout, once per user. */
  async payDevCheckout(sessionId: string): Promise<void> {
    const session = await this.devCheckout(sessionId);
    const existing = await this.store.findSubscription(session.userId);
    const suffix = randomBytes(12).toString('hex');
    const completion = await this.store.completePayment(
      sessionId,
      {
        customerId: existing?.stripeCustomerId ?? `cus_dev_${suffix}`,
        subscriptionId: `sub_dev_${suffix}`,
        currentPeriodEnd: addOneMonth(this.clock.now()),
      },
      subscriptionChangedEvent,
    );
    this.deps.eventsStored?.();
    if (completion === 'not-open') throw errors.conflict(SESSION_CLOSED, 'SESSION_CLOSED');
    if (completion === 'duplicate') throw errors.conflict(ALREADY_PRO, 'ALREADY_SUBSCRIBED');
  }

  /** 'Cancel' on the development checkout; a paid session stays paid. */
  async cancelDevCheckout(sessionId: string): Promise<void> {
    const session = await this.devCheckout(sessionId);
    if (session.status === 'paid') throw errors.conflict(SESSION_CLOSED, 'SESSION_CLOSED');
    await this.store.cancelPaymentSession(sessionId);
  }

  async applyProviderEvent(event: ProviderEvent): Promise<ProviderEventOutcome> {
    const outcome = await this.store.applyProviderEvent(event, addOneMonth(this.clock.now()), subscriptionChangedEvent);
    this.deps.eventsStored?.();
    return outcome;
  }

  private async emailOf(userId: string): Promise<string | null> {
    const subscription = await this.store.findSubscription(userId);
    return subscription?.email ?? (await this.deps.users.emailOf(userId));
  }
}

/** A newly registered user starts on Free; a row created earlier by their first use keeps its state. */
export async function recordRegisteredUser(
  store: Pick<BillingStore, 'ensureSubscription'>,
  data: UserRegistered,
): Promise<void> {
  await store.ensureSubscription(data.userId, data.email);
}

export const usageChangedEvent: UsageEventFactory = (userId, month, usage) => {
  const data: UsageChanged = { userId, month, ...usage };
  return { subject: subjects.usageChanged, envelope: createEnvelope('billing', subjects.usageChanged, data) };
};

export const subscriptionChangedEvent: StatusEventFactory = (userId, status) => {
  const data: SubscriptionChanged = { userId, status };
  return {
    subject: subjects.subscriptionChanged,
    envelope: createEnvelope('billing', subjects.subscriptionChanged, data),
  };
};
