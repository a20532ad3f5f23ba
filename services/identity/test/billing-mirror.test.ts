import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createEnvelope, type EventBus, type EventEnvelope, type RunningService, inbox } from '@tracklens/kit';
import { eventually, freshDatabaseUrl, testBus, testConfig } from '@tracklens/kit/testing';
import { subjects, type SubscriptionChanged, type UsageChanged } from '@tracklens/contracts';
import { users } from '../src/db/schema';
import { createIdentityService } from '../src/service';

describe('identity mirrors billing events onto the user', () => {
  let service: RunningService;
  let bus: EventBus;
  let base: string;

  beforeAll(async () => {
    bus = await testBus('identity-mirror');
    const config = await testConfig({ DATABASE_URL: await freshDatabaseUrl('identity_mirror') });
    service = await createIdentityService({ config, bus, inMemoryDatabase: true });
    base = `http://127.0.0.1:${service.httpPort}`;
  });

  afterAll(async () => {
    await service.stop();
    await bus.close();
  });

  async function register() {
    const res = await request(base)
      .post('/api/register')
      .send({
        name: 'Ada Lovelace',
        email: `ada.${randomUUID().slice(0, 8)}@example.com`,
        password: 'correct horse battery',
      });
    expect(res.status).toBe(201);
    return { userId: res.body.user.id as string, cookie: res.headers['set-cookie'] as unknown as string[] };
  }

  async function me(cookie: string[]) {
    return (await request(base).get('/api/user/me').set('Cookie', cookie)).body as Record<string, unknown>;
  }

  const thisMonth = () => new Date().toISOString().slice(0, 7);

  function statusEvent(data: SubscriptionChanged, occurredAt: string): EventEnvelope {
    return { ...createEnvelope('billing', subjects.subscriptionChanged, data), occurredAt };
  }

  function usageEvent(
    data: Omit<UsageChanged, 'analyticsMessages' | 'promptsUsed'>,
    occurredAt: string,
  ): EventEnvelope {
    return {
      ...createEnvelope('billing', subjects.usageChanged, { analyticsMessages: 0, promptsUsed: 0, ...data }),
      occurredAt,
    };
  }

  /** Waits until identity has handled (applied or deliberately skipped) one event: its inbox row is there. */
  async function handled(event: EventEnvelope): Promise<void> {
    await eventually(async () => {
      const rows = await service.runtime.db.select().from(inbox).where(eq(inbox.eventId, event.id));
      expect(rows).toHaveLength(1);
    });
  }

  async function publish(subject: string, event: EventEnvelope): Promise<void> {
    await bus.publish(subject, event);
    await handled(event);
  }

  it('should mirror billing.subscription.changed into subscriptionStatus', async () => {
    const { userId, cookie } = await register();
    await bus.publish(
      subjects.subscriptionChanged,
      statusEvent({ userId, status: 'active' }, new Date().toISOString()),
    );
    await eventually(async () => expect((await me(cookie)).subscriptionStatus).toBe('active'));
    await bus.publish(
      subjects.subscriptionChanged,
      statusEvent({ userId, status: 'past_due' }, new Date(Date.now() + 1000).toISOString()),
    );
    await eventually(async () => expect((await me(cookie)).subscriptionStatus).toBe('past_due'));
  });

  it('should mirror billing.usage.changed into videosUploaded and trackingPlansGenerated', async () => {
    const { userId, cookie } = await register();
    await bus.publish(
      subjects.usageChanged,
      usageEvent(
        { userId, month: thisMonth(), videosUploaded: 1, trackingPlansGenerated: 1 },
        new Date().toISOString(),
      ),
    );
    await eventually(async () =>
      expect(await me(cookie)).toMatchObject({ videosUploaded: 1, trackingPlansGenerated: 1 }),
    );
    const own = await request(base).get(`/api/user/${userId}`).set('Cookie', cookie);
    expect(own.body).toMatchObject({ videosUploaded: 1, trackingPlansGenerated: 1 });
  });

  it('should ignore a status event older than the one applied', async () => {
    const { userId, cookie } = await register();
    const now = Date.now();
    await publish(
      subjects.subscriptionChanged,
      statusEvent({ userId, status: 'canceled' }, new Date(now).toISOString()),
    );
    expect((await me(cookie)).subscriptionStatus).toBe('canceled');
    await publish(
      subjects.subscriptionChanged,
      statusEvent({ userId, status: 'active' }, new Date(now - 60_000).toISOString()),
    );
    expect((await me(cookie)).subscriptionStatus).toBe('canceled');
  });

  it('should ignore usage of an earlier month arriving late, and show last month\u2019s counters as zero this month', async () => {
    const { userId, cookie } = await register();
    await publish(
      subjects.usageChanged,
      usageEvent(
        { userId, month: thisMonth(), videosUploaded: 1, trackingPlansGenerated: 0 },
        new Date().toISOString(),
      ),
    );
    expect((await me(cookie)).videosUploaded).toBe(1);
    const late = usageEvent(
      { userId, month: '2001-01', videosUploaded: 0, trackingPlansGenerated: 1 },
      new Date(Date.now() + 5000).toISOString(),
    );
    await publish(subjects.usageChanged, late);
    expect(await me(cookie)).toMatchObject({ videosUploaded: 1, trackingPlansGenerated: 0 });

    const other = await register();
    await publish(
      subjects.usageChanged,
      usageEvent(
        { userId: other.userId, month: '2001-01', videosUploaded: 1, trackingPlansGenerated: 1 },
        new Date().toISOString(),
      ),
    );
    const [row] = await service.runtime.db
      .select({ month: users.usageMonth, videos: users.videosUploaded })
      .from(users)
      .where(eq(users.id, other.userId));
    expect(row).toEqual({ month: '2001-01', videos: 1 });
    expect(await me(other.cookie)).toMatchObject({ videosUploaded: 0, trackingPlansGenerated: 0 });
  });

  it('should let events about unknown users or with malformed data pass without effect', async () => {
    const { userId, cookie } = await register();
    await publish(
      subjects.subscriptionChanged,
      statusEvent({ userId: randomUUID(), status: 'active' }, new Date().toISOString()),
    );
    await publish(
      subjects.subscriptionChanged,
      createEnvelope('billing', subjects.subscriptionChanged, { userId, status: 'gold' }),
    );
    await publish(
      subjects.usageChanged,
      createEnvelope('billing', subjects.usageChanged, { userId, month: 'March', videosUploaded: 3 }),
    );
    expect(await me(cookie)).toMatchObject({ subscriptionStatus: 'free', videosUploaded: 0 });
  });
});
