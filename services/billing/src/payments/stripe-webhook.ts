/** Stripe webhooks: the signature check of the official SDK, and each event translated into a subscription change. */
import Stripe from 'stripe';
import { z } from 'zod';
import type { SubscriptionStatus } from '@tracklens/contracts';
import type { ProviderEvent, SubscriptionChange } from '../domain/billing';
import { idOf, periodEndOf } from './stripe.gateway';

/** The verified event, or null when the signature is missing, stale or wrong. */
export function verifyStripeWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event | null {
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return null;
  }
}

const userIdSchema = z.string().uuid();

/** Stripe's subscription statuses in our five; the ones left out (incomplete, paused...) change nothing. */
const STATUS_OF: Partial<Record<string, SubscriptionStatus>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

type StripeObject = Record<string, unknown>;

function userIdOf(...candidates: unknown[]): string | null {
  for (const candidate of candidates) {
    const parsed = userIdSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

function metadataUserId(object: StripeObject): unknown {
  const metadata = object.metadata as { userId?: unknown } | null | undefined;
  return metadata?.userId;
}

function checkoutCompleted(session: StripeObject): SubscriptionChange | null {
  // An asynchronous payment method completes the session unpaid; checkout.session.async_payment_succeeded follows.
  if (session.payment_status === 'unpaid') return null;
  return {
    userId: userIdOf(session.client_reference_id, metadataUserId(session)),
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
    status: 'active',
    currentPeriodEnd: null,
    paidSessionId: idOf(session.id),
  };
}

function subscriptionChanged(
  subscription: StripeObject,
  status: SubscriptionStatus | undefined,
): SubscriptionChange | null {
  if (!status) return null;
  return {
    userId: userIdOf(metadataUserId(subscription)),
    subscriptionId: idOf(subscription.id),
    customerId: idOf(subscription.customer),
    status,
    currentPeriodEnd: periodEndOf(subscription),
    paidSessionId: null,
  };
}

function paymentFailed(invoice: StripeObject): SubscriptionChange | null {
  // The invoice's subscription moved under parent.subscription_details in API 2025-03-31; read either.
  const parent = invoice.parent as
    { subscription_details?: { subscription?: unknown; metadata?: { userId?: unknown } } } | null | undefined;
  const subscriptionId = idOf(invoice.subscription) ?? idOf(parent?.subscription_details?.subscription);
  const customerId = idOf(invoice.customer);
  if (!subscriptionId && !customerId) return null;
  return {
    userId: userIdOf(parent?.subscription_details?.metadata?.userId),
    subscriptionId,
    customerId,
    status: 'past_due',
    currentPeriodEnd: null,
    paidSessionId: null,
  };
}

export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as unknown as StripeObject;
  return { id: event.id, type: event.type, created: event.created, change: changeOf(event.type, object) };
}

function changeOf(type: string, object: StripeObject): SubscriptionChange | null {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return subscriptionChanged(object, STATUS_OF[String(object.status)]);
    case 'customer.subscription.deleted':
      return subscriptionChanged(object, 'canceled');
    case 'invoice.payment_failed':
      return paymentFailed(object);
    default:
      return null;
  }
}
