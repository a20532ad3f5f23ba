/** The official stripe SDK driven against a local HTTP server that speaks Stripe's API for Checkout Sessions. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
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

/** Just enough of api.stripe.com: create and retrieve Checkout Sessions, in Stripe's JSON shapes. */
class FakeStripeApi {
  readonly requests: SeenRequest[] = [];
  readonly sessions = new Map<string, Record<string, unknown>>();
  failing = false;
  private server = http.createServer((req, res) => this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** What Stripe reports once the customer has paid on its hosted page. */
  pay(sessionId: string, periodEnd: number): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: 'cus_Stripe123',
      subscription: 'sub_Stripe123',
      periodEnd,
    });
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

  private send(res: http.ServerResponse, status: number, body: unknown): void {
    res.statusCode = status;
    res.end(JSON.stringify(body));
  }
}

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
