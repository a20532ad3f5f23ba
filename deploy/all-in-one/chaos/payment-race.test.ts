/**
 * Fifty payments raced by one user through the gateway, on the built-in development checkout (no
 * STRIPE_SECRET_KEY outside production): one subscription is granted, once, and every other attempt is refused
 * with a 409 the user can act on, never a 5xx.
 */
import { subjects } from '@tracklens/contracts';
import { Announcements } from './support/announcements';
import { ChaosCluster } from './support/chaos-cluster';
import { until } from './support/product-flows';
import { User, expectStatus, type Answer } from './support/user';

const RACERS = 50;

interface Attempt {
  sessionId?: string;
  /** The step that answered last: checkout (refused there) or pay. */
  step: 'checkout' | 'pay';
  status: number;
}

describe('chaos: a 50-way payment race by one user', () => {
  let chaos: ChaosCluster;
  let announced: Announcements;

  beforeAll(async () => {
    announced = await Announcements.listen();
    chaos = await ChaosCluster.start({ label: 'chaos_payments', logLevel: 'warn' });
  }, 180_000);

  afterAll(async () => {
    await chaos?.stop();
    await announced?.close();
  }, 60_000);

  function tally(attempts: Attempt[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const attempt of attempts)
      counts[`${attempt.step} ${attempt.status}`] = (counts[`${attempt.step} ${attempt.status}`] ?? 0) + 1;
    return counts;
  }

  function pay(user: User, checkout: Answer): Promise<Answer> {
    return user.call('POST', `${checkout.body.checkoutUrl as string}/pay`, { manualRedirect: true });
  }

  /** One subscription, announced once, and exactly one of the sessions verifies as paid. */
  async function expectOneSubscription(
    user: User,
    sessionIds: string[],
    paidSessionId: string | undefined,
  ): Promise<void> {
    const subscription = await user.subscription();
    expect(subscription).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active' });
    expect(subscription.stripeSubscriptionId).toEqual(expect.any(String));
    const verified = await Promise.all(
      sessionIds.map(async (sessionId) => {
        const answer = await user.call('POST', '/api/verify-payment', { json: { sessionId } });
        expectStatus(answer, 200, 'verify payment');
        return { sessionId, status: answer.body.payment_status as string };
      }),
    );
    expect(verified.filter((session) => session.status === 'paid')).toEqual([
      { sessionId: paidSessionId, status: 'paid' },
    ]);
    await until(
      async () => announced.of(subjects.subscriptionChanged, (data) => data.userId === user.id).length,
      (count) => count >= 1,
      15_000,
      'subscription change announced',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      announced
        .of(subjects.subscriptionChanged, (data) => data.userId === user.id)
        .map((event) => event.data),
    ).toEqual([{ userId: user.id, status: 'active' }]);
  }

  it('should apply one of 50 checkout sessions opened first and then all paid at once, refusing the other 49 with 409', async () => {
    const user = new User(chaos.url);
    await user.signUp('Alan Turing');
    const checkouts = await Promise.all(
      Array.from({ length: RACERS }, () => user.call('POST', '/api/create-checkout-session', { json: {} })),
    );
    expect(checkouts.map((answer) => answer.status)).toEqual(Array(RACERS).fill(200));

    const startedAt = Date.now();
    const attempts: Attempt[] = await Promise.all(
      checkouts.map(async (checkout) => ({
        sessionId: checkout.body.sessionId as string,
        step: 'pay' as const,
        status: (await pay(user, checkout)).status,
      })),
    );
    chaos.timeline.note(
      `${RACERS} payments of open sessions answered in ${Date.now() - startedAt} ms: ${JSON.stringify(tally(attempts))}`,
    );

    expect(tally(attempts)).toEqual({ 'pay 303': 1, 'pay 409': RACERS - 1 });
    const paid = attempts.find((attempt) => attempt.status === 303);
    await expectOneSubscription(
      user,
      attempts.map((attempt) => attempt.sessionId as string),
      paid?.sessionId,
    );
  }, 120_000);

  it('should grant one subscription when 50 racers each open a checkout and pay it, refusing the others with 409', async () => {
    const user = new User(chaos.url);
    await user.signUp('Grace Hopper');
    const startedAt = Date.now();
    const attempts: Attempt[] = await Promise.all(
      Array.from({ length: RACERS }, async () => {
        const checkout = await user.call('POST', '/api/create-checkout-session', { json: {} });
        if (checkout.status !== 200) return { step: 'checkout' as const, status: checkout.status };
        const sessionId = checkout.body.sessionId as string;
        return { sessionId, step: 'pay' as const, status: (await pay(user, checkout)).status };
      }),
    );
    chaos.timeline.note(
      `${RACERS} checkouts and payments answered in ${Date.now() - startedAt} ms: ${JSON.stringify(tally(attempts))}`,
    );

    const paid = attempts.filter((attempt) => attempt.step === 'pay' && attempt.status === 303);
    expect(paid).toHaveLength(1);
    expect(attempts.filter((attempt) => attempt.status !== 303 && attempt.status !== 409)).toEqual([]);
    await expectOneSubscription(
      user,
      attempts.flatMap((attempt) => (attempt.sessionId ? [attempt.sessionId] : [])),
      paid[0]?.sessionId,
    );
  }, 120_000);
});
