/** Stripe through its official SDK: subscription Checkout Sessions for the Pro price, and their retrieval. */
import Stripe from 'stripe';
import { errors } from '@tracklens/kit';
import type { CheckoutGateway, ProviderCheckout } from '../domain/billing';

export interface StripeGatewayOptions {
  secretKey: string;
  priceId: string;
  /** Where users reach the product; Checkout sends them back there. */
  publicUrl: string;
  /** Another API base than https://api.stripe.com (a local server speaking Stripe's API in tests). */
  apiBase?: string | undefined;
  logger: { warn(details: object, message: string): void };
}

export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 15_000 };
  if (apiBase) {
    const base = new URL(apiBase);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    config.protocol = protocol;
    config.host = base.hostname;
    config.port = base.port || (protocol === 'http' ? 80 : 443);
  }
  return new Stripe(secretKey, config);
}

export class StripeCheckoutGateway implements CheckoutGateway {
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    this.stripe = createStripeClient(options.secretKey, options.apiBase);
  }

  async createCheckout(input: {
    userId: string;
    email: string | null;
    customerId: string | null;
  }): Promise<ProviderCheckout> {
    const { priceId, publicUrl } = this.options;
    try {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: priceId, quantity: 1 }],
        // {CHECKOUT_SESSION_ID} is filled in by Stripe.
        success_url: `${publicUrl}/payment-processing?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}/payment-processing?upgrade=canceled`,
        client_reference_id: input.userId,
        metadata: { userId: input.userId },
        subscription_data: { metadata: { userId: input.userId } },
        ...(input.customerId
          ? { customer: input.customerId }
          : input.email
            ? { customer_email: input.email }
            : {}),
      });
      return toProviderCheckout(session);
    } catch (error) {
      throw this.providerError(error, 'Failed to create checkout session');
    }
  }

  async retrieveCheckout(sessionId: string): Promise<ProviderCheckout> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
      return toProviderCheckout(session);
    } catch (error) {
      throw this.providerError(error, 'Unable to verify the payment with Stripe. Please try again.');
    }
  }

  /**
   * A subscription paid while its user was already Pro: canceled at once (no further invoices) and its first
   * invoice's payment refunded. Idempotency keys make a retry of either request a no-op at Stripe.
   */
  async cancelAndRefund(subscriptionId: string): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice.payments'],
    });
    if (subscription.status !== 'canceled') {
      await this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `duplicate-cancel-${subscriptionId}` });
    }
    const paymentIntent = paidPaymentIntentOf(subscription.latest_invoice);
    if (!paymentIntent) {
      this.options.logger.warn({ subscriptionId }, 'duplicate subscription canceled; its invoice has no payment to refund');
      return;
    }
    try {
      await this.stripe.refunds.create(
        { payment_intent: paymentIntent, reason: 'duplicate', metadata: { subscriptionId } },
        { idempotencyKey: `duplicate-refund-${subscriptionId}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return;
      throw error;
    }
  }

  /** Stripe's own words stay in the logs; the caller gets ours. */
  private providerError(error: unknown, message: string): Error {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404)
      return errors.notFound('Payment session not found');
    this.options.logger.warn({ err: error }, 'Stripe request failed');
    return errors.unavailable(message);
  }
}

function toProviderCheckout(session: Stripe.Checkout.Session): ProviderCheckout {
  const subscription = session.subscription;
  return {
    id: session.id,
    url: session.url,
    paid:
      session.status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
    customerId: idOf(session.customer),
    subscriptionId: idOf(subscription),
    currentPeriodEnd: typeof subscription === 'object' && subscription ? periodEndOf(subscription) : null,
  };
}

/** The payment intent that paid an (expanded) invoice: since API 2025-03-31 it is one of the invoice's payments. */
function paidPaymentIntentOf(invoice: string | Stripe.Invoice | null): string | null {
  if (!invoice || typeof invoice === 'string') return null;
  const paid = invoice.payments?.data.find((payment) => payment.status === 'paid' && payment.payment.payment_intent);
  return idOf(paid?.payment.payment_intent);
}

/** A Stripe reference is either an id or the expanded object. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
}

/** The period end moved from the subscription to its items in API 2025-03-31; read either. */
export function periodEndOf(subscription: unknown): Date | null {
  const record = subscription as {
    current_period_end?: unknown;
    items?: { data?: Array<{ current_period_end?: unknown }> };
  };
  const seconds = record.items?.data?.[0]?.current_period_end ?? record.current_period_end;
  return typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null;
}
