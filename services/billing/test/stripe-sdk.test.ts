/** The official stripe SDK driven against a local HTTP server that speaks Stripe's API for Checkout Sessions. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { eventually } from '@tracklens/kit/testing';
import { eq } from 'drizzle-orm';
import { paymentSessions, subscriptions } from '../src/db/schema';
import { call, reserve, startBilling, statusEventsOf, type TestBilling } from './support';

interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | undefined;
}

/**
 * Just enough of api.stripe.com, in Stripe's JSON shapes: create and retrieve Checkout Sessions, retrieve and cancel
 * Subscriptions (with their latest invoice's payments expanded), create Refunds.
 */
class FakeStripeApi {
  readonly requests: SeenRequest[] = [];
  readonly sessions = new Map<string, Record<string, unknown>>();
  /** Subscription id → its status and the payment intent that paid its first invoice. */
  readonly subscriptions = new Map<string, { status: string; paymentIntent: string }>();
  /** Payment intents refunded, in order, with the idempotency key of each request. */
  readonly refunds: Array<{ paymentIntent: string; idempotencyKey: string | undefined }> = [];
  failing = false;
  private server = http.createServer((req, res) => this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** What Stripe reports once the customer has paid on its hosted page: a new subscription paid by a payment intent. */
  pay(sessionId: string, periodEnd: number, subscription = 'sub_Stripe123'): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: 'cus_Stripe123',
      subscription,
      periodEnd,
    });
    this.subscriptions.set(subscription, { status: 'active', paymentIntent: `pi_${subscription}` });
  }

  /** Subscriptions canceled through DELETE /v1/subscriptions/{id}. */
  canceled(): string[] {
    return this.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/subscriptions/')).map((r) => r.path.split('/')[3] ?? '');
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(raw),
        authorization: req.headers.authorization,
      });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', `req_${randomUUID().slice(0, 8)}`);
      if (this.failing)
        return this.send(res, 500, {
          error: { type: 'api_error', message: 'Something went wrong on our end' },
        });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions')
        return this.create(res, new URLSearchParams(raw));
      const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (req.method === 'GET' && retrieve?.[1])
        return this.retrieve(res, decodeURIComponent(retrieve[1]), url.searchParams);
      const subscription = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/)?.[1];
      if (subscription && (req.method === 'GET' || req.method === 'DELETE'))
        return this.subscription(res, decodeURIComponent(subscription), req.method === 'DELETE');
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const idempotencyKey = req.headers['idempotency-key'];
        return this.refund(res, new URLSearchParams(raw), typeof idempotencyKey === 'string' ? idempotencyKey : undefined);
      }
      this.send(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: 'Unrecognized request URL',
          code: 'resource_missing',
        },
      });
    });
  }

  private create(res: http.ServerResponse, form: URLSearchParams): void {
    const id = `cs_test_a1${randomUUID().replace(/-/g, '')}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: form.get('mode'),
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      success_url: form.get('success_url'),
      cancel_url: form.get('cancel_url'),
      client_reference_id: form.get('client_reference_id'),
      customer: form.get('customer'),
      customer_email: form.get('customer_email'),
      subscription: null,
      metadata: { userId: form.get('metadata[userId]') },
      livemode: false,
    };
    this.sessions.set(id, session);
    this.send(res, 200, session);
  }

  private retrieve(res: http.ServerResponse, id: string, query: URLSearchParams): void {
    const stored = this.sessions.get(id);
    if (!stored) {
      return this.send(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `No such checkout.session: '${id}'`,
          code: 'resource_missing',
          param: 'id',
        },
      });
    }
    const { periodEnd, ...session } = stored as Record<string, unknown> & { periodEnd?: number };
    const expandSubscription =
      query.getAll('expand[0]').includes('subscription') || query.getAll('expand[]').includes('subscription');
    if (expandSubscription && typeof session.subscription === 'string') {
      session.subscription = {
        id: session.subscription,
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        items: {
          object: 'list',
          data: [{ id: 'si_1', object: 'subscription_item', current_period_end: periodEnd }],
        },
      };
    }
    this.send(res, 200, session);
  }

  private subscription(res: http.ServerResponse, id: string, cancel: boolean): void {
    const stored = this.subscriptions.get(id);
    if (!stored) {
      return this.send(res, 404, {
        error: { type: 'invalid_request_error', message: `No such subscription: '${id}'`, code: 'resource_missing' },
      });
    }
    if (cancel) stored.status = 'canceled';
    this.send(res, 200, {
      id,
      object: 'subscription',
      status: stored.status,
      customer: 'cus_Stripe123',
      latest_invoice: {
        id: `in_${id}`,
        object: 'invoice',
        status: 'paid',
        payments: {
          object: 'list',
          data: [
            {
              id: `inpay_${id}`,
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: stored.paymentIntent },
            },
          ],
        },
      },
    });
  }

  private refund(res: http.ServerResponse, form: URLSearchParams, idempotencyKey: string | undefined): void {
    const paymentIntent = form.get('payment_intent') ?? '';
    if (this.refunds.some((refund) => refund.paymentIntent === paymentIntent)) {
      return this.send(res, 400, {
        error: { type: 'invalid_request_error', message: 'Charge has already been refunded.', code: 'charge_already_refunded' },
      });
    }
    this.refunds.push({ paymentIntent, idempotencyKey });
    this.send(res, 200, { id: `re_${paymentIntent}`, object: 'refund', payment_intent: paymentIntent, status: 'succeeded' });
  }

  private send(res: http.ServerResponse, status: number, body: unknown): void {
    res.statusCode = status;
    res.end(JSON.stringify(body));
  }
}

const WEBHOOK_SECRET = 'whsec_test_tracklens_stripe_sdk';

describe('billing with Stripe (the official SDK against a local Stripe API)', () => {
  const stripeApi = new FakeStripeApi();
  let billing: TestBilling;

  beforeAll(async () => {
    const apiBase = await stripeApi.start();
    billing = await startBilling({
      STRIPE_SECRET_KEY: 'sk_test_tracklens_local',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_tracklens_local',
      STRIPE_PRICE_ID: 'price_pro_monthly_59',
      STRIPE_API_BASE: apiBase,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: 'https://app.tracklens.test/',
    });
  });

  afterAll(async () => {
    await billing.stop();
    await stripeApi.stop();
  });

  beforeEach(() => {
    stripeApi.failing = false;
  });

  async function registeredUser() {
    const user = await billing.register();
    await eventually(async () => {
      const [row] = await billing.service.runtime.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, user.userId));
      expect(row?.email).toBe(user.email);
    });
    return user;
  }

  it('should hand the browser the publishable key and the test environment', async () => {
    const res = await call(billing, 'GET', '/api/stripe/config');
    expect(res.body).toEqual({ publishableKey: 'pk_test_tracklens_local', environment: 'test' });
  });

  it('should create a subscription Checkout Session for the Pro price that returns to /payment-processing or ?upgrade=canceled', async () => {
    const user = await registeredUser();
    const res = await call(billing, 'POST', '/api/create-checkout-session', {
      userId: user.userId,
      body: { userId: user.userId },
    });
    expect(res.status).toBe(200);
    const sessionId = res.body.sessionId as string;
    expect(sessionId).toMatch(/^cs_test_/);
    expect(res.body.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const created = stripeApi.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
      .at(-1);
    expect(created).toBeDefined();
    expect(created?.authorization).toBe('Bearer sk_test_tracklens_local');
    const form = created!.form;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price]')).toBe('price_pro_monthly_59');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('success_url')).toBe(
      'https://app.tracklens.test/payment-processing?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('cancel_url')).toBe('https://app.tracklens.test/payment-processing?upgrade=canceled');
    expect(form.get('client_reference_id')).toBe(user.userId);
    expect(form.get('metadata[userId]')).toBe(user.userId);
    expect(form.get('subscription_data[metadata][userId]')).toBe(user.userId);
    expect(form.get('customer_email')).toBe(user.email);
  });

  it('should retrieve the session on verify-payment: unpaid at first, then paid and applied with Stripe\u2019s ids and period end', async () => {
    const user = await registeredUser();
    const { body } = await call(billing, 'POST', '/api/create-checkout-session', {
      userId: user.userId,
      body: { userId: user.userId },
    });
    const sessionId = body.sessionId as string;

    const pending = await call(billing, 'POST', '/api/verify-payment', {
      userId: user.userId,
      body: { sessionId },
    });
    expect(pending.body).toMatchObject({ success: false, payment_status: 'unpaid', user_email: user.email });

    const periodEnd = Math.floor(Date.parse('2026-04-15T12:00:00Z') / 1000);
    stripeApi.pay(sessionId, periodEnd);
    const paid = await call(billing, 'POST', '/api/verify-payment', {
      userId: user.userId,
      body: { sessionId },
    });
    expect(paid.body).toEqual({
      success: true,
      payment_status: 'paid',
      user_email: user.email,
      message: 'Payment verified. Your Pro subscription is now active.',
    });
    const retrieved = stripeApi.requests.filter(
      (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`,
    );
    expect(retrieved.length).toBe(2);
    expect(retrieved[0]?.query.get('expand[0]')).toBe('subscription');

    const info = await call(billing, 'GET', '/api/user/subscription', { userId: user.userId });
    expect(info.body).toMatchObject({
      hasActiveSubscription: true,
      subscriptionStatus: 'active',
      stripeCustomerId: 'cus_Stripe123',
      stripeSubscriptionId: 'sub_Stripe123',
      currentPeriodEnd: '2026-04-15T12:00:00.000Z',
    });
    await eventually(() => expect(statusEventsOf(billing, user.userId)).toEqual(['active']));
    expect((await reserve(billing, user.userId, 'video_upload', { video_duration_sec: 1200 })).granted).toBe(
      true,
    );

    // Verified already: asking again answers paid without applying anything twice.
    const again = await call(billing, 'POST', '/api/verify-payment', {
      userId: user.userId,
      body: { sessionId },
    });
    expect(again.body).toMatchObject({ success: true });
    expect(stripeApi.requests.filter((r) => r.path === `/v1/checkout/sessions/${sessionId}`)).toHaveLength(2);
  });

  it('should start the next checkout for a returning customer with their Stripe customer id', async () => {
    const user = await registeredUser();
    await billing.service.runtime.db
      .update(subscriptions)
      .set({ status: 'canceled', stripeCustomerId: 'cus_Returning' })
      .where(eq(subscriptions.userId, user.userId));
    const res = await call(billing, 'POST', '/api/create-checkout-session', {
      userId: user.userId,
      body: {},
    });
    expect(res.status).toBe(200);
    const form = stripeApi.requests.at(-1)?.form;
    expect(form?.get('customer')).toBe('cus_Returning');
    expect(form?.get('customer_email')).toBeNull();
  });

  it('should not serve the development checkout once Stripe is configured, even for a session opened before', async () => {
    const user = await registeredUser();
    const sessionId = `cs_test_dev_${'ab'.repeat(24)}`;
    await billing.service.runtime.db
      .insert(paymentSessions)
      .values({ id: sessionId, userId: user.userId, provider: 'development' });
    const pay = await fetch(`${billing.base}/api/billing/checkout/${sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(404);
    expect(
      (await call(billing, 'GET', '/api/user/subscription', { userId: user.userId })).body.subscriptionStatus,
    ).toBe('free');
  });

  async function openCheckout(userId: string): Promise<string> {
    const res = await call(billing, 'POST', '/api/create-checkout-session', { userId, body: {} });
    expect(res.status).toBe(200);
    return res.body.sessionId as string;
  }

  async function storedSubscription(userId: string) {
    const [row] = await billing.service.runtime.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return { id: row?.stripeSubscriptionId, periodEnd: row?.currentPeriodEnd?.toISOString(), status: row?.status };
  }

  async function webhook(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
    const body = JSON.stringify({ id: `evt_${randomUUID().slice(0, 12)}`, object: 'event', type, created, data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    const res = await fetch(`${billing.base}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    return (await res.json()) as Record<string, unknown>;
  }

  it('should answer 409 to a checkout for a user who is already Pro, without asking Stripe', async () => {
    const user = await registeredUser();
    const sessionId = await openCheckout(user.userId);
    stripeApi.pay(sessionId, Math.floor(Date.parse('2026-04-15T12:00:00Z') / 1000), `sub_${randomUUID().slice(0, 8)}`);
    await call(billing, 'POST', '/api/verify-payment', { userId: user.userId, body: { sessionId } });
    const created = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const again = await call(billing, 'POST', '/api/create-checkout-session', { userId: user.userId, body: {} });
    expect(again).toEqual({
      status: 409,
      body: { message: 'You already have an active Pro subscription', code: 'ALREADY_SUBSCRIBED' },
    });
    expect(stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(created);
  });

  it('should grant one subscription to 50 checkouts opened at once and all paid, canceling and refunding the 49 others', async () => {
    const user = await registeredUser();
    const sessionIds = await Promise.all(Array.from({ length: 50 }, () => openCheckout(user.userId)));
    expect(new Set(sessionIds).size).toBe(50);
    const periodEnd = Math.floor(Date.parse('2026-04-15T12:00:00Z') / 1000);
    const subscriptionOf = new Map(sessionIds.map((id, index) => [id, `sub_race_${index}_${randomUUID().slice(0, 6)}`]));
    for (const [sessionId, subscription] of subscriptionOf) stripeApi.pay(sessionId, periodEnd, subscription);

    // Every tab verifies its own session at once; half of the sessions are also reported by a webhook.
    const answers = await Promise.all([
      ...sessionIds.map((sessionId) => call(billing, 'POST', '/api/verify-payment', { userId: user.userId, body: { sessionId } })),
      ...sessionIds.slice(0, 25).map((sessionId) =>
        webhook('checkout.session.completed', {
          id: sessionId,
          object: 'checkout.session',
          client_reference_id: user.userId,
          customer: 'cus_Stripe123',
          subscription: subscriptionOf.get(sessionId),
          payment_status: 'paid',
          status: 'complete',
        }),
      ),
    ]);
    const verified = answers.slice(0, 50) as Array<{ status: number; body: Record<string, unknown> }>;
    expect(verified.every((answer) => answer.status === 200 && answer.body.success === true)).toBe(true);
    expect(verified.filter((answer) => answer.body.payment_status === 'paid')).toHaveLength(1);
    expect(verified.filter((answer) => answer.body.payment_status === 'refunded')).toHaveLength(49);

    const stored = await storedSubscription(user.userId);
    expect(stored).toEqual({ id: expect.any(String), periodEnd: '2026-04-15T12:00:00.000Z', status: 'active' });
    const others = [...subscriptionOf.values()].filter((id) => id !== stored.id);
    expect(others).toHaveLength(49);
    await eventually(() => expect(stripeApi.canceled().filter((id) => subscriptionOf.has(id) || others.includes(id)).sort()).toEqual([...others].sort()), 30_000);
    await eventually(
      () =>
        expect(stripeApi.refunds.map((refund) => refund.paymentIntent).filter((pi) => pi.startsWith('pi_sub_race_')).sort()).toEqual(
          others.map((id) => `pi_${id}`).sort(),
        ),
      30_000,
    );
    expect(stripeApi.subscriptions.get(stored.id ?? '')?.status).toBe('active');
    await eventually(() => expect(statusEventsOf(billing, user.userId)).toEqual(['active']));
    const sessions = await billing.service.runtime.db.select().from(paymentSessions).where(eq(paymentSessions.userId, user.userId));
    expect(sessions.filter((session) => session.status === 'paid')).toHaveLength(1);
    expect(sessions.filter((session) => session.status === 'refunded')).toHaveLength(49);
    console.log(
      `50-way payment race: 1 subscription kept (${stored.id}), ${stripeApi.canceled().filter((id) => others.includes(id)).length} canceled, ` +
        `${stripeApi.refunds.filter((refund) => refund.paymentIntent.startsWith('pi_sub_race_')).length} refunded`,
    );
  }, 60_000);

  it('should cancel and refund a late second payment through Stripe and keep the first subscription stored', async () => {
    const user = await registeredUser();
    const first = await openCheckout(user.userId);
    const second = await openCheckout(user.userId);
    stripeApi.pay(first, Math.floor(Date.parse('2026-04-15T12:00:00Z') / 1000), 'sub_first_late');
    expect((await call(billing, 'POST', '/api/verify-payment', { userId: user.userId, body: { sessionId: first } })).body).toMatchObject({
      success: true,
      payment_status: 'paid',
    });
    const kept = await storedSubscription(user.userId);
    expect(kept).toEqual({ id: 'sub_first_late', periodEnd: '2026-04-15T12:00:00.000Z', status: 'active' });

    // Paid later in the other tab: Stripe took the money and made a second subscription.
    stripeApi.pay(second, Math.floor(Date.parse('2026-04-20T12:00:00Z') / 1000), 'sub_second_late');
    const late = await call(billing, 'POST', '/api/verify-payment', { userId: user.userId, body: { sessionId: second } });
    expect(late.body).toEqual({
      success: true,
      payment_status: 'refunded',
      user_email: user.email,
      message: 'You already have an active Pro subscription, so this payment has been canceled and refunded.',
    });
    await eventually(() => expect(stripeApi.canceled()).toContain('sub_second_late'));
    await eventually(() => expect(stripeApi.refunds).toContainEqual({ paymentIntent: 'pi_sub_second_late', idempotencyKey: 'duplicate-refund-sub_second_late' }));
    expect(stripeApi.canceled()).not.toContain('sub_first_late');
    expect(await storedSubscription(user.userId)).toEqual(kept);

    // Stripe's own events about the second session and subscription, even older ones, change nothing more.
    const completed = await webhook(
      'checkout.session.completed',
      { id: second, object: 'checkout.session', client_reference_id: user.userId, customer: 'cus_Stripe123', subscription: 'sub_second_late', payment_status: 'paid', status: 'complete' },
      Math.floor(Date.now() / 1000) - 60,
    );
    expect(completed.outcome).toBe('duplicate');
    const deleted = await webhook('customer.subscription.deleted', { id: 'sub_second_late', object: 'subscription', status: 'canceled', customer: 'cus_Stripe123', metadata: { userId: user.userId } });
    expect(deleted.outcome).toBe('ignored');
    expect(await storedSubscription(user.userId)).toEqual(kept);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stripeApi.refunds.filter((refund) => refund.paymentIntent === 'pi_sub_second_late')).toHaveLength(1);
    expect(statusEventsOf(billing, user.userId)).toEqual(['active']);
  });

  it('should cancel and refund a second payment reported only by its webhook, however late its event', async () => {
    const user = await registeredUser();
    const first = await openCheckout(user.userId);
    const second = await openCheckout(user.userId);
    stripeApi.pay(first, Math.floor(Date.parse('2026-04-15T12:00:00Z') / 1000), 'sub_first_hook');
    stripeApi.pay(second, Math.floor(Date.parse('2026-04-15T12:00:00Z') / 1000), 'sub_second_hook');
    const now = Math.floor(Date.now() / 1000);
    const session = (id: string, subscription: string) => ({
      id,
      object: 'checkout.session',
      client_reference_id: user.userId,
      customer: 'cus_Stripe123',
      subscription,
      payment_status: 'paid',
      status: 'complete',
    });
    expect((await webhook('checkout.session.completed', session(first, 'sub_first_hook'), now)).outcome).toBe('applied');
    expect((await webhook('checkout.session.completed', session(second, 'sub_second_hook'), now - 30)).outcome).toBe('refunded');
    await eventually(() => expect(stripeApi.refunds.map((refund) => refund.paymentIntent)).toContain('pi_sub_second_hook'));
    expect(stripeApi.canceled()).toContain('sub_second_hook');
    expect((await storedSubscription(user.userId)).id).toBe('sub_first_hook');
    const verified = await call(billing, 'POST', '/api/verify-payment', { userId: user.userId, body: { sessionId: second } });
    expect(verified.body).toMatchObject({ success: true, payment_status: 'refunded' });
  });

  it('should answer 503 with our words, not Stripe\u2019s, when Stripe fails', async () => {
    const user = await registeredUser();
    stripeApi.failing = true;
    const res = await call(billing, 'POST', '/api/create-checkout-session', {
      userId: user.userId,
      body: {},
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Failed to create checkout session');
    expect(JSON.stringify(res.body)).not.toContain('our end');
  });
});
