/** billing's REST routes (ARCHITECTURE §3): subscription info, payment config, checkout, verification and Stripe's webhook. */
import type { Express, Request, Response } from 'express';
import { AppError, callerUserId, parseOrThrow, requireAuth } from '@tracklens/kit';
import { createCheckoutBodySchema, verifyPaymentBodySchema, type StripeConfig } from '@tracklens/contracts';
import type { Billing } from '../domain/billing';
import { toProviderEvent, verifyStripeWebhook } from '../payments/stripe-webhook';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export interface BillingRoutesOptions {
  billing: Billing;
  jwtSecret: string;
  isProduction: boolean;
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
  };
}

export function registerBillingRoutes(app: Express, options: BillingRoutesOptions): void {
  const { billing } = options;
  // The gateway has checked the session with identity; the signature is checked again here.
  const auth = requireAuth({ secret: options.jwtSecret });

  app.get('/api/user/subscription', auth, async (req: Request, res: Response) => {
    res.json(await billing.subscriptionInfo(callerUserId(req)));
  });

  app.get('/api/stripe/config', (_req: Request, res: Response) => {
    res.json(stripeConfigOf(options.stripe));
  });

  app.post('/api/create-checkout-session', auth, async (req: Request, res: Response) => {
    const body = parseOrThrow(createCheckoutBodySchema, req.body ?? {});
    res.json(await billing.startCheckout(callerUserId(req), body.userId));
  });

  app.post('/api/verify-payment', auth, async (req: Request, res: Response) => {
    const body = parseOrThrow(verifyPaymentBodySchema, req.body ?? {});
    res.json(await billing.verifyPayment(body.sessionId, callerUserId(req)));
  });

  // product-spec §6: development only and unauthenticated; production does not have it at all.
  if (!options.isProduction) {
    app.post('/api/verify-payment-dev', async (req: Request, res: Response) => {
      const body = parseOrThrow(verifyPaymentBodySchema, req.body ?? {});
      res.json(await billing.verifyPayment(body.sessionId, null));
    });
  }

  // The body arrives as raw bytes (see rawBodyPaths in service.ts): the signature covers them exactly.
  app.post(STRIPE_WEBHOOK_PATH, async (req: Request, res: Response) => {
    const secret = options.stripe.webhookSecret;
    if (!secret) throw new AppError(400, 'Stripe webhooks are not configured', 'WEBHOOK_NOT_CONFIGURED');
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature) throw signatureError('Missing Stripe-Signature header');
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = verifyStripeWebhook(rawBody, signature, secret);
    if (!event) throw signatureError('Invalid Stripe webhook signature');
    const outcome = await billing.applyProviderEvent(toProviderEvent(event));
    res.json({ received: true, outcome });
  });
}

function signatureError(message: string): AppError {
  return new AppError(400, message, 'INVALID_SIGNATURE');
}

/** GET /api/stripe/config: the browser's key and which Stripe it talks to; 'development' is the built-in checkout. */
export function stripeConfigOf(stripe: BillingRoutesOptions['stripe']): StripeConfig {
  const key = stripe.publishableKey ?? stripe.secretKey;
  if (!key) return { publishableKey: '', environment: 'development' };
  return {
    publishableKey: stripe.publishableKey ?? '',
    environment: /^(pk|sk|rk)_live_/.test(key) ? 'live' : 'test',
  };
}
