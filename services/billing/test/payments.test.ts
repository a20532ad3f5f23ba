import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import {
  ConfigError,
  SESSION_COOKIE,
  loadConfig,
  loadGrpcService,
  signSession,
  startGrpcServer,
  type RunningGrpcServer,
} from '@tracklens/kit';
import { eventually, freshDatabaseUrl, silentLogger, testBus, testConfig } from '@tracklens/kit/testing';
import { paymentSessions, stripeEvents, subscriptions } from '../src/db/schema';
import { createBillingService } from '../src/service';
import { call, reserve, startBilling, statusEventsOf, type TestBilling } from './support';

const WEBHOOK_SECRET = 'whsec_test_tracklens_billing';

describe('billing payments in development mode (no STRIPE_SECRET_KEY)', () => {
  let billing: TestBilling;
  let identity: RunningGrpcServer;
  const identityEmails = new Map<string, string>();

  beforeAll(async () => {
    billing = await startBilling({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    // identity's gRPC contract, answered at the address billing dials (identity itself lives in its own workspace).
    const config = billing.service.runtime.config;
    identity = await startGrpcServer(
      [
        {
          service: loadGrpcService(
            config.protoDir,
            'identity/v1/identity.proto',
            'identity.v1.IdentityService',
          ),
          implementation: {
            GetUser: async (request: { user_id: string }) => {
              const email = identityEmails.get(request.user_id);
              if (!email) throw Object.assign(new Error('not found'), { status: 404 });
              return {
                user: { id: request.user_id, name: 'Grace Hopper', email, subscription_status: 'free', created_at: new Date().toISOString() },
              };
            },
          },
        },
      ],
      { host: '127.0.0.1', port: config.services.identity.grpcPort },
      silentLogger,
    );
  });

  afterAll(async () => {
    await identity.stop();
    await billing.stop();
  });

  /** A user billing heard of through identity.user.registered, with their subscription row in place. */
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

  async function startCheckout(userId: string) {
    const res = await call(billing, 'POST', '/api/create-checkout-session', { userId, body: { userId } });
    expect(res.status).toBe(200);
    return res.body as { checkoutUrl: string; sessionId: string };
  }

  function page(path: string, method = 'GET') {
    return fetch(`${billing.base}${path}`, {
      method,
      redirect: 'manual',
      headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    });
  }

  /** Drives the development checkout page as a browser would: open it, press 'Pay $59'. */
  async function payThroughCheckout(userId: string) {
    const checkout = await startCheckout(userId);
    const html = await (await page(checkout.checkoutUrl)).text();
    const action = html.match(/<form method="post" action="([^"]+\/pay)">/)?.[1];
    expect(action).toBeDefined();
    const paid = await page(action!, 'POST');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/payment-processing?session_id=${checkout.sessionId}`);
    return checkout;
  }

  function signed(payload: object) {
    const body = JSON.stringify(payload);
    return {
      body,
      signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
    };
  }

  let eventCounter = 0;
  function stripeEvent(
    type: string,
    object: Record<string, unknown>,
    created = Math.floor(Date.now() / 1000),
  ) {
    eventCounter += 1;
    return {
      id: `evt_test_${eventCounter}_${randomUUID().slice(0, 8)}`,
      object: 'event',
      type,
      created,
      data: { object },
    };
  }

  async function postWebhook(body: string, signature?: string) {
    const res = await fetch(`${billing.base}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function subscriptionOf(userId: string) {
    return (await call(billing, 'GET', '/api/user/subscription', { userId })).body;
  }

  it('should answer the payment config of the built-in checkout without a key', async () => {
    const res = await call(billing, 'GET', '/api/stripe/config');
    expect(res).toEqual({ status: 200, body: { publishableKey: '', environment: 'development' } });
  });

  it('should answer every §3 Subscription info field for a new user, and 401 without a session', async () => {
    const user = await registeredUser();
    await reserve(billing, user.userId, 'analytics_message');
    const res = await call(billing, 'GET', '/api/user/subscription', { userId: user.userId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hasActiveSubscription: false,
      subscriptionStatus: 'free',
      promptsUsed: 1,
      promptsRemaining: 999,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      analyticsMessages: 1,
      trackingPlansGenerated: 0,
      videosUploaded: 0,
      currentPeriodEnd: null,
    });
    const anonymous = await call(billing, 'GET', '/api/user/subscription');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('NO_AUTH');
  });

  it('should complete a checkout through the development pages: Pay $59 makes the user Pro and verify-payment confirms it', async () => {
    const user = await registeredUser();
    const checkout = await startCheckout(user.userId);
    expect(checkout.sessionId).toMatch(/^cs_test_dev_[0-9a-f]{48}$/);
    expect(checkout.checkoutUrl).toBe(`/api/billing/checkout/${checkout.sessionId}`);

    const shown = await page(checkout.checkoutUrl);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await shown.text();
    expect(html).toContain('Tracklens Pro');
    expect(html).toContain('$59/month');
    expect(html).toMatch(/<button type="submit" class="pay">Pay \$59<\/button>/);
    expect(html).toMatch(/<button type="submit" class="cancel">Cancel<\/button>/);
    expect(html).not.toMatch(/<script/i);

    const paid = await page(`${checkout.checkoutUrl}/pay`, 'POST');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/payment-processing?session_id=${checkout.sessionId}`);
    const again = await page(`${checkout.checkoutUrl}/pay`, 'POST');
    expect(again.status).toBe(409);

    const info = await subscriptionOf(user.userId);
    expect(info).toMatchObject({
      hasActiveSubscription: true,
      subscriptionStatus: 'active',
      stripeCustomerId: expect.stringMatching(/^cus_dev_/),
      stripeSubscriptionId: expect.stringMatching(/^sub_dev_/),
      currentPeriodEnd: '2026-04-15T12:00:00.000Z',
      promptsRemaining: null,
    });

    const verified = await call(billing, 'POST', '/api/verify-payment', {
      userId: user.userId,
      body: { sessionId: checkout.sessionId },
    });
    expect(verified).toEqual({
      status: 200,
      body: {
        success: true,
        payment_status: 'paid',
        user_email: user.email,
        message: 'Payment verified. Your Pro subscription is now active.',
      },
    });
    await eventually(() => expect(statusEventsOf(billing, user.userId)).toEqual(['active']));
    for (let i = 0; i < 3; i++)
      expect((await reserve(billing, user.userId, 'tracking_plan')).granted).toBe(true);
    // A Pro user has nothing to buy.
    const twice = await call(billing, 'POST', '/api/create-checkout-session', {
      userId: user.userId,
      body: {},
    });
    expect(twice.status).toBe(409);
  });

  it('should not let a second development checkout pay over an active subscription (409), keeping the first one\u2019s ids', async () => {
    const user = await registeredUser();
    const first = await startCheckout(user.userId);
    const second = await startCheckout(user.userId);
    expect((await page(`${first.checkoutUrl}/pay`, 'POST')).status).toBe(303);
    const before = await subscriptionOf(user.userId);
    expect(before.subscriptionStatus).toBe('active');

    const late = await page(`${second.checkoutUrl}/pay`, 'POST');
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('You already have an active Pro subscription');
    expect(await subscriptionOf(user.userId)).toEqual(before);
    const [session] = await billing.service.runtime.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, second.sessionId));
    expect(session?.status).toBe('canceled');
    await eventually(() => expect(statusEventsOf(billing, user.userId)).toEqual(['active']));
  });

  it('should send Cancel to the payment page with upgrade=canceled and leave the user Free; the session cannot be paid afterwards', async () => {
    const user = await registeredUser();
    const checkout = await startCheckout(user.userId);
    const canceled = await page(`${checkout.checkoutUrl}/cancel`, 'POST');
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe('/payment-processing?upgrade=canceled');
    expect((await page(`${checkout.checkoutUrl}/pay`, 'POST')).status).toBe(409);
    const verified = await call(billing, 'POST', '/api/verify-payment', {
      userId: user.userId,
      body: { sessionId: checkout.sessionId },
    });
    expect(verified.body).toMatchObject({ success: false, payment_status: 'unpaid' });
    expect(await subscriptionOf(user.userId)).toMatchObject({
      subscriptionStatus: 'free',
      stripeCustomerId: null,
    });
  });

  it('should answer an unknown or malformed checkout page with a 404 page that echoes nothing', async () => {
    const unknown = await page(`/api/billing/checkout/cs_test_dev_${'0'.repeat(48)}`);
    expect(unknown.status).toBe(404);
    const hostile = await page('/api/billing/checkout/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile.status).toBe(404);
    expect(await hostile.text()).not.toContain('<script');
    expect((await page(`/api/billing/checkout/cs_test_dev_${'0'.repeat(48)}/pay`, 'POST')).status).toBe(404);
  });

  it('should refuse a checkout for another user (403), and verify-payment of an unknown (404), another user\u2019s (403) or malformed (400) session', async () => {
    const owner = await registeredUser();
    const stranger = await registeredUser();
    const forOther = await call(billing, 'POST', '/api/create-checkout-session', {
      userId: stranger.userId,
      body: { userId: owner.userId },
    });
    expect(forOther.status).toBe(403);
    const checkout = await startCheckout(owner.userId);
    const unknown = await call(billing, 'POST', '/api/verify-payment', {
      userId: owner.userId,
      body: { sessionId: 'cs_test_nothing_here' },
    });
    expect(unknown.status).toBe(404);
    const others = await call(billing, 'POST', '/api/verify-payment', {
      userId: stranger.userId,
      body: { sessionId: checkout.sessionId },
    });
    expect(others.status).toBe(403);
    const malformed = await call(billing, 'POST', '/api/verify-payment', {
      userId: owner.userId,
      body: { sessionId: 'pi_123' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Session ID must start with cs_test_ or cs_live_');
    const anonymous = await call(billing, 'POST', '/api/verify-payment', {
      body: { sessionId: checkout.sessionId },
    });
    expect(anonymous.status).toBe(401);
  });

  it('should verify a session without a session cookie through verify-payment-dev outside production, without the owner\u2019s e-mail', async () => {
    const user = await registeredUser();
    const checkout = await payThroughCheckout(user.userId);
    const verified = await call(billing, 'POST', '/api/verify-payment-dev', {
      body: { sessionId: checkout.sessionId },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      payment_status: 'paid',
      user_email: null,
      message: 'Payment verified. Your Pro subscription is now active.',
    });
    expect(JSON.stringify(verified.body)).not.toContain(user.email);
    expect(
      (await call(billing, 'POST', '/api/verify-payment-dev', { body: { sessionId: 'cs_test_unknown' } }))
        .status,
    ).toBe(404);
  });

  it('should take user_email from identity over gRPC when the registration event has not arrived', async () => {
    const userId = randomUUID();
    identityEmails.set(userId, 'grace@example.com');
    const checkout = await payThroughCheckout(userId);
    const verified = await call(billing, 'POST', '/api/verify-payment', {
      userId,
      body: { sessionId: checkout.sessionId },
    });
    expect(verified.body).toMatchObject({ success: true, user_email: 'grace@example.com' });
  });

  it('should answer 400 to a webhook with a missing or bad signature and change nothing', async () => {
    const user = await registeredUser();
    await payThroughCheckout(user.userId);
    const before = await subscriptionOf(user.userId);
    const event = stripeEvent('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      subscription: before.stripeSubscriptionId,
    });
    const { body } = signed(event);
    const missing = await postWebhook(body);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('INVALID_SIGNATURE');
    const forged = signed({ ...event, type: 'customer.subscription.deleted' });
    expect((await postWebhook(body, forged.signature)).status).toBe(400);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_someone_else',
    });
    expect((await postWebhook(body, wrongSecret)).status).toBe(400);
    expect((await postWebhook(body, 't=1,v1=deadbeef')).status).toBe(400);
    expect(await subscriptionOf(user.userId)).toEqual(before);
    expect(
      await billing.service.runtime.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)),
    ).toEqual([]);
  });

  it('should mark a dev subscription past_due on a signed invoice.payment_failed and apply a replay only once', async () => {
    const user = await registeredUser();
    await payThroughCheckout(user.userId);
    const { stripeSubscriptionId } = await subscriptionOf(user.userId);
    const now = Math.floor(Date.now() / 1000);
    const failed = signed(
      stripeEvent(
        'invoice.payment_failed',
        { id: 'in_2', object: 'invoice', subscription: stripeSubscriptionId },
        now,
      ),
    );
    expect(await postWebhook(failed.body, failed.signature)).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    expect(await subscriptionOf(user.userId)).toMatchObject({
      subscriptionStatus: 'past_due',
      hasActiveSubscription: false,
    });
    // past_due is held to the Free limits.
    expect((await reserve(billing, user.userId, 'tracking_plan')).granted).toBe(true);
    expect((await reserve(billing, user.userId, 'tracking_plan')).granted).toBe(false);

    // Paid again later: active. The replayed failure must not knock it back.
    const recovered = signed(
      stripeEvent(
        'customer.subscription.updated',
        { id: stripeSubscriptionId, object: 'subscription', status: 'active', customer: 'cus_x' },
        now + 10,
      ),
    );
    expect((await postWebhook(recovered.body, recovered.signature)).body.outcome).toBe('applied');
    const replay = await postWebhook(failed.body, failed.signature);
    expect(replay).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await subscriptionOf(user.userId)).toMatchObject({ subscriptionStatus: 'active' });
    await eventually(() =>
      expect(statusEventsOf(billing, user.userId)).toEqual(['active', 'past_due', 'active']),
    );
    expect((await reserve(billing, user.userId, 'tracking_plan')).granted).toBe(true);
  });

  it('should cancel on customer.subscription.deleted and ignore an older event arriving late', async () => {
    const user = await registeredUser();
    await payThroughCheckout(user.userId);
    const { stripeSubscriptionId } = await subscriptionOf(user.userId);
    const now = Math.floor(Date.now() / 1000);
    const deleted = signed(
      stripeEvent(
        'customer.subscription.deleted',
        { id: stripeSubscriptionId, object: 'subscription', status: 'canceled' },
        now,
      ),
    );
    expect((await postWebhook(deleted.body, deleted.signature)).body.outcome).toBe('applied');
    const stale = signed(
      stripeEvent(
        'customer.subscription.updated',
        { id: stripeSubscriptionId, object: 'subscription', status: 'active' },
        now - 60,
      ),
    );
    expect((await postWebhook(stale.body, stale.signature)).body.outcome).toBe('ignored');
    expect(await subscriptionOf(user.userId)).toMatchObject({
      subscriptionStatus: 'canceled',
      hasActiveSubscription: false,
    });
  });

  it('should activate on checkout.session.completed for the session owner and record the session as paid', async () => {
    const user = await registeredUser();
    const checkout = await startCheckout(user.userId);
    const completed = signed(
      stripeEvent('checkout.session.completed', {
        id: checkout.sessionId,
        object: 'checkout.session',
        client_reference_id: user.userId,
        customer: 'cus_live_like',
        subscription: 'sub_from_stripe',
        payment_status: 'paid',
        status: 'complete',
      }),
    );
    expect((await postWebhook(completed.body, completed.signature)).body.outcome).toBe('applied');
    expect(await subscriptionOf(user.userId)).toMatchObject({
      subscriptionStatus: 'active',
      stripeCustomerId: 'cus_live_like',
      stripeSubscriptionId: 'sub_from_stripe',
      currentPeriodEnd: '2026-04-15T12:00:00.000Z',
    });
    const [session] = await billing.service.runtime.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, checkout.sessionId));
    expect(session?.status).toBe('paid');
    const verified = await call(billing, 'POST', '/api/verify-payment', {
      userId: user.userId,
      body: { sessionId: checkout.sessionId },
    });
    expect(verified.body).toMatchObject({ success: true, payment_status: 'paid' });
  });

  it('should acknowledge events it does not act on, and about subscriptions it does not know, without effect', async () => {
    const other = signed(stripeEvent('customer.created', { id: 'cus_new', object: 'customer' }));
    expect(await postWebhook(other.body, other.signature)).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
    const unknown = signed(
      stripeEvent('invoice.payment_failed', { id: 'in_9', object: 'invoice', subscription: 'sub_nobody' }),
    );
    expect((await postWebhook(unknown.body, unknown.signature)).body.outcome).toBe('ignored');
  });
});

describe('billing in production configuration', () => {
  const production = { APP_ENV: 'production', JWT_SECRET: 'a-production-secret-for-tests' };

  /** A production billing; kit's other production demands (PostgreSQL, NATS) are lifted by testing on the run's own. */
  async function startProduction(env: Record<string, string>) {
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('billing'), ...env });
    const bus = await testBus('billing');
    return { config: { ...config, appEnv: 'production' as const, isProduction: true }, bus };
  }

  it('should refuse to start without STRIPE_SECRET_KEY unless PAYMENTS_DISABLED=true, naming the variable in one line', async () => {
    const { config, bus } = await startProduction({});
    try {
      const started = createBillingService({ config, bus, inMemoryDatabase: true });
      await expect(started).rejects.toThrow(ConfigError);
      const error = (await started.catch((caught: unknown) => caught)) as ConfigError;
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toMatch(/^STRIPE_SECRET_KEY: required in production .*PAYMENTS_DISABLED=true/);
      expect(error.problems[0]).not.toContain('\n');
    } finally {
      await bus.close();
    }
    expect(() => loadConfig({ ...production, PAYMENTS_DISABLED: 'yes' })).toThrow(/PAYMENTS_DISABLED/);
    const both = { ...config, billing: { ...config.billing, paymentsDisabled: true }, stripe: { ...config.stripe, secretKey: 'sk_test_x', priceId: 'price_x' } };
    await expect(createBillingService({ config: both, inMemoryDatabase: true })).rejects.toThrow(/PAYMENTS_DISABLED: set it only without STRIPE_SECRET_KEY/);
  });

  it('should have no development checkout (404) with PAYMENTS_DISABLED=true: no checkout, no dev pages, no verify-payment-dev, webhooks refused', async () => {
    const { config, bus } = await startProduction({ PAYMENTS_DISABLED: 'true' });
    const service = await createBillingService({ config, bus, inMemoryDatabase: true });
    try {
      const base = `http://127.0.0.1:${service.httpPort}`;
      const userId = randomUUID();
      const cookie = `${SESSION_COOKIE}=${signSession(config.jwtSecret, { userId, sessionId: randomUUID() })}`;
      const checkout = await fetch(`${base}/api/create-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ userId }),
      });
      expect(checkout.status).toBe(503);
      expect(await checkout.json()).toEqual({ message: 'Payments are disabled on this server', code: 'PAYMENTS_DISABLED' });

      // A development session id of the right shape, as a previous development start might have left behind.
      const sessionId = `cs_test_dev_${'ab'.repeat(24)}`;
      await service.runtime.db.insert(paymentSessions).values({ id: sessionId, userId, provider: 'development' });
      const pages = [
        await fetch(`${base}/api/billing/checkout/${sessionId}`),
        await fetch(`${base}/api/billing/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' }),
        await fetch(`${base}/api/billing/checkout/${sessionId}/cancel`, { method: 'POST', redirect: 'manual' }),
        await fetch(`${base}/api/verify-payment-dev`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId }),
        }),
      ];
      expect(pages.map((res) => res.status)).toEqual([404, 404, 404, 404]);
      const info = await fetch(`${base}/api/user/subscription`, { headers: { cookie } });
      expect(((await info.json()) as { subscriptionStatus: string }).subscriptionStatus).toBe('free');

      const webhook = await fetch(`${base}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': 't=1,v1=x' },
        body: '{}',
      });
      expect(webhook.status).toBe(400);
      expect(((await webhook.json()) as { code: string }).code).toBe('WEBHOOK_NOT_CONFIGURED');
    } finally {
      await service.stop();
      await bus.close();
    }
  });
});
