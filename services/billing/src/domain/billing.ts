/** billing's use cases: quota reservations, the subscription of each user, checkout and payment events. */
import { randomBytes, randomUUID } from 'node:crypto';
import { createEnvelope, errors, type OutgoingEvent } from '@tracklens/kit';
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
  status: 'open' | 'paid' | 'canceled';
}

export interface NewReservation {
  id: string;
  userId: string;
  feature: QuotaFeature;
  amount: number;
  prompts: number;
  reference: string | null;
  month: string;
}

export type ReserveOutcome =
  { granted: true; reservationId: string } | { granted: false; denial: QuotaDenial };

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

export type ProviderEventOutcome = 'applied' | 'duplicate' | 'ignored';

/** What billing needs from its storage (src/db/billing.repository.ts implements it). */
export interface BillingStore {
  ensureSubscription(userId: string, email: string | null): Promise<void>;
  /** In one transaction with the (user, month) usage row locked: decide, count, record, publish. */
  reserve(
    reservation: NewReservation,
    decide: (status: SubscriptionStatus, usage: UsageCounts) => QuotaDecision,
    usageEvent: UsageEventFactory,
  ): Promise<ReserveOutcome>;
  /** Gives a reservation's units back once; false when it is unknown or already released. */
  release(reservationId: string, usageEvent: UsageEventFactory): Promise<boolean>;
  findSubscription(userId: string): Promise<SubscriptionRecord | null>;
  findUsage(userId: string, month: string): Promise<UsageCounts>;
  createPaymentSession(session: { id: string; userId: string; provider: PaymentProvider }): Promise<void>;
  findPaymentSession(id: string): Promise<PaymentSessionRecord | null>;
  /** open → paid and the owner's subscription active, together; false when the session was not open. */
  completePayment(
    sessionId: string,
    activation: Activation,
    statusEvent: StatusEventFactory,
  ): Promise<boolean>;
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
}

/** Who a user is, asked of identity. */
export interface UserDirectory {
  emailOf(userId: string): Promise<string | null>;
}

export interface BillingDependencies {
  store: BillingStore;
  clock: Clock;
  checkout: CheckoutGateway | null;
  users: UserDirectory;
  /** Where the development checkout page of a session is served. */
  devCheckoutUrl: (sessionId: string) => string;
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

export class Billing {
  private readonly store: BillingStore;
  private readonly clock: Clock;

  constructor(private readonly deps: BillingDependencies) {
    this.store = deps.store;
    this.clock = deps.clock;
  }

  reserveQuota(request: ReserveRequest): Promise<ReserveOutcome> {
    const reservation: NewReservation = {
      id: randomUUID(),
      userId: request.userId,
      feature: request.feature,
      amount: request.amount,
      prompts: PROMPTS_PER_RESERVATION,
      reference: request.reference,
      month: monthKey(this.clock.now()),
    };
    return this.store.reserve(
      reservation,
      (status, usage) => decideQuota(status, usage, request),
      usageChangedEvent,
    );
  }

  releaseQuota(reservationId: string): Promise<boolean> {
    return this.store.release(reservationId, usageChangedEvent);
  }

  async entitlements(userId: string): Promise<Entitlements> {
    const month = monthKey(this.clock.now());
    const [subscription, usage] = await Promise.all([
      this.store.findSubscription(userId),
      this.store.findUsage(userId, month),
    ]);
    const status = subscription?.status ?? 'free';
    return { status, month, usage, remaining: remainingOf(status, usage) };
  }

  /** product-spec §3 Subscription info; a user billing has not heard of yet is a Free user with nothing used. */
  async subscriptionInfo(userId: string): Promise<SubscriptionInfo> {
    const month = monthKey(this.clock.now());
    const [subscription, usage] = await Promise.all([
      this.store.findSubscription(userId),
      this.store.findUsage(userId, month),
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
   * Checks a checkout session and applies it when paid. `callerId` null is the development-only,
   * unauthenticated variant; otherwise the session must be the caller's.
   */
  async verifyPayment(sessionId: string, callerId: string | null): Promise<VerifyPaymentResponse> {
    const session = await this.store.findPaymentSession(sessionId);
    if (!session) throw errors.notFound(PAYMENT_SESSION_NOT_FOUND);
    if (callerId !== null && session.userId !== callerId)
      throw errors.forbidden(PAYMENT_SESSION_FORBIDDEN, 'FORBIDDEN');
    let paid = session.status === 'paid';
    if (!paid && session.provider === 'stripe' && this.deps.checkout) {
      const remote = await this.deps.checkout.retrieveCheckout(session.id);
      if (remote.paid) {
        await this.store.completePayment(
          session.id,
          {
            customerId: remote.customerId,
            subscriptionId: remote.subscriptionId,
            currentPeriodEnd: remote.currentPeriodEnd ?? addOneMonth(this.clock.now()),
          },
          subscriptionChangedEvent,
        );
        paid = true;
      }
    }
    return {
      success: paid,
      payment_status: paid ? 'paid' : 'unpaid',
      user_email: await this.emailOf(session.userId),
      message: paid ? PAYMENT_VERIFIED : PAYMENT_PENDING,
    };
  }

  /** The development checkout's session; only an open one can be paid or canceled. */
  async devCheckout(sessionId: string): Promise<PaymentSessionRecord> {
    // With Stripe configured, a development session left from before must not grant Pro for free.
    if (this.deps.checkout) throw errors.notFound(PAYMENT_SESSION_NOT_FOUND);
    const session = await this.store.findPaymentSession(sessionId);
    if (!session || session.provider !== 'development') throw errors.notFound(PAYMENT_SESSION_NOT_FOUND);
    return session;
  }

  /** 'Pay $59' on the development checkout: the same outcome as a paid Stripe Checkout, once. */
  async payDevCheckout(sessionId: string): Promise<void> {
    const session = await this.devCheckout(sessionId);
    const existing = await this.store.findSubscription(session.userId);
    const suffix = randomBytes(12).toString('hex');
    const paid = await this.store.completePayment(
      sessionId,
      {
        customerId: existing?.stripeCustomerId ?? `cus_dev_${suffix}`,
        subscriptionId: `sub_dev_${suffix}`,
        currentPeriodEnd: addOneMonth(this.clock.now()),
      },
      subscriptionChangedEvent,
    );
    if (!paid) throw errors.conflict(SESSION_CLOSED, 'SESSION_CLOSED');
  }

  /** 'Cancel' on the development checkout; a paid session stays paid. */
  async cancelDevCheckout(sessionId: string): Promise<void> {
    const session = await this.devCheckout(sessionId);
    if (session.status === 'paid') throw errors.conflict(SESSION_CLOSED, 'SESSION_CLOSED');
    await this.store.cancelPaymentSession(sessionId);
  }

  applyProviderEvent(event: ProviderEvent): Promise<ProviderEventOutcome> {
    return this.store.applyProviderEvent(event, addOneMonth(this.clock.now()), subscriptionChangedEvent);
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
