/** Two-phase reservations: reserved with an expiry and an idempotency key, confirmed by the owner, else expired by billing. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createEnvelope } from '@tracklens/kit';
import { eventually } from '@tracklens/kit/testing';
import { subjects, type VideoUploaded } from '@tracklens/contracts';
import { quotaReservations, subscriptions, usageCounters } from '../src/db/schema';
import { reserve, startBilling, usageEventsOf, type TestBilling } from './support';

/** Short enough that a test moves the clock past it; the sweep then runs every 500 ms. */
const TTL_SECONDS = 2;
const START = '2026-03-15T12:00:00Z';
const PAST_EXPIRY = '2026-03-15T12:00:03Z';

interface ConfirmReply {
  confirmed: boolean;
  code: string;
  message: string;
}

describe('billing two-phase quota reservations', () => {
  let billing: TestBilling;

  beforeAll(async () => {
    billing = await startBilling({ QUOTA_RESERVATION_TTL_SECONDS: String(TTL_SECONDS) }, START);
  });

  afterAll(async () => {
    await billing.stop();
  });

  beforeEach(() => {
    billing.clock.set(START);
  });

  function confirm(reservationId: string): Promise<ConfirmReply> {
    return billing.grpc.call<ConfirmReply>('ConfirmQuota', { reservation_id: reservationId });
  }

  function entitlements(userId: string): Promise<Record<string, unknown>> {
    return billing.grpc.call<Record<string, unknown>>('GetEntitlements', { user_id: userId });
  }

  async function storedReservation(id: string) {
    const [row] = await billing.service.runtime.db.select().from(quotaReservations).where(eq(quotaReservations.id, id));
    return row;
  }

  /** The counter row itself, as the sweep leaves it (GetEntitlements already leaves overdue units out). */
  async function storedCounters(userId: string) {
    const [row] = await billing.service.runtime.db
      .select()
      .from(usageCounters)
      .where(eq(usageCounters.userId, userId));
    return { plans: row?.trackingPlansGenerated, prompts: row?.promptsUsed };
  }

  it('should give the unit of a reservation never confirmed back once it expires: the sweep expires it and publishes the counters', async () => {
    const userId = randomUUID();
    const held = await reserve(billing, userId, 'tracking_plan', { reference: `plan-${randomUUID()}` });
    expect(held).toMatchObject({ granted: true, expires_at: '2026-03-15T12:00:02.000Z' });
    expect((await reserve(billing, userId, 'tracking_plan')).code).toBe('TRACKING_PLAN_RESTRICTED');

    billing.clock.set(PAST_EXPIRY);
    // Nothing but billing's own sweep runs here: no reserve, no release.
    await eventually(async () => expect(await storedCounters(userId)).toEqual({ plans: 0, prompts: 0 }));
    expect(await storedReservation(held.reservation_id)).toMatchObject({ status: 'expired' });
    await eventually(() =>
      expect(usageEventsOf(billing, userId).at(-1)?.data).toMatchObject({ trackingPlansGenerated: 0, promptsUsed: 0 }),
    );
    expect(await entitlements(userId)).toMatchObject({ tracking_plans_generated: 0, tracking_plans_remaining: 1 });
    expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(true);
  });

  it('should keep a confirmed reservation past its expiry, and confirm it again as a no-op', async () => {
    const userId = randomUUID();
    const held = await reserve(billing, userId, 'video_upload', { video_duration_sec: 30, reference: `key-${randomUUID()}` });
    expect(await confirm(held.reservation_id)).toEqual({ confirmed: true, code: '', message: '' });
    expect(await confirm(held.reservation_id)).toEqual({ confirmed: true, code: '', message: '' });
    billing.clock.set(PAST_EXPIRY);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // two sweeps
    expect(await storedReservation(held.reservation_id)).toMatchObject({ status: 'confirmed' });
    expect(await entitlements(userId)).toMatchObject({ videos_uploaded: 1, videos_remaining: 0 });
    expect((await reserve(billing, userId, 'video_upload', { video_duration_sec: 30 })).code).toBe('UPLOAD_RESTRICTED');
  });

  it('should not count a reservation past its expiry even before the sweep reaches it', async () => {
    const userId = randomUUID();
    await reserve(billing, userId, 'analytics_message');
    billing.clock.set(PAST_EXPIRY);
    // Read at once: whether or not the sweep ran, the overdue unit is not counted.
    expect(await entitlements(userId)).toMatchObject({ analytics_messages: 0, prompts_used: 0 });
  });

  it('should take one unit for 20 simultaneous reserves with one idempotency key, also after its confirmation', async () => {
    for (const status of ['free', 'active']) {
      const userId = randomUUID();
      await billing.service.runtime.db.insert(subscriptions).values({ userId, status });
      const reference = `plan-${randomUUID()}`;
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => reserve(billing, userId, 'tracking_plan', { reference })),
      );
      expect(replies.every((reply) => reply.granted)).toBe(true);
      expect(new Set(replies.map((reply) => reply.reservation_id)).size).toBe(1);
      expect(await entitlements(userId)).toMatchObject({ tracking_plans_generated: 1, prompts_used: 1 });

      const id = replies[0]?.reservation_id ?? '';
      await confirm(id);
      expect(await reserve(billing, userId, 'tracking_plan', { reference })).toMatchObject({ granted: true, reservation_id: id });
      expect(await entitlements(userId)).toMatchObject({ tracking_plans_generated: 1, prompts_used: 1 });
      expect(await storedReservation(id)).toMatchObject({ status: 'confirmed' });
    }
  });

  it('should let a confirmation after expiry take the unit again while the month still has it', async () => {
    const userId = randomUUID();
    const held = await reserve(billing, userId, 'tracking_plan', { reference: `plan-${randomUUID()}` });
    billing.clock.set(PAST_EXPIRY);
    await eventually(async () => expect(await storedReservation(held.reservation_id)).toMatchObject({ status: 'expired' }));
    expect(await storedCounters(userId)).toEqual({ plans: 0, prompts: 0 });

    expect(await confirm(held.reservation_id)).toMatchObject({ confirmed: true });
    expect(await storedReservation(held.reservation_id)).toMatchObject({ status: 'confirmed' });
    expect(await storedCounters(userId)).toEqual({ plans: 1, prompts: 1 });
    expect((await reserve(billing, userId, 'tracking_plan')).code).toBe('TRACKING_PLAN_RESTRICTED');
  });

  it('should refuse a confirmation after expiry with the restriction when the unit was taken since', async () => {
    const userId = randomUUID();
    const late = await reserve(billing, userId, 'tracking_plan', { reference: `plan-${randomUUID()}` });
    billing.clock.set(PAST_EXPIRY);
    const next = await reserve(billing, userId, 'tracking_plan', { reference: `plan-${randomUUID()}` });
    expect(next.granted).toBe(true);

    expect(await confirm(late.reservation_id)).toEqual({
      confirmed: false,
      code: 'TRACKING_PLAN_RESTRICTED',
      message: "You've reached your free plan limit of 1 tracking plan per month",
    });
    expect(await storedReservation(late.reservation_id)).toMatchObject({ status: 'expired' });
    expect(await storedCounters(userId)).toEqual({ plans: 1, prompts: 1 });
  });

  it('should give back a confirmed reservation when its work fails, and have nothing to confirm after a release or for an unknown id', async () => {
    const userId = randomUUID();
    const held = await reserve(billing, userId, 'tracking_plan', { reference: `plan-${randomUUID()}` });
    await confirm(held.reservation_id);
    expect(await billing.grpc.call('ReleaseQuota', { reservation_id: held.reservation_id })).toEqual({ released: true });
    expect(await storedCounters(userId)).toEqual({ plans: 0, prompts: 0 });
    expect(await confirm(held.reservation_id)).toEqual({ confirmed: false, code: 'RELEASED', message: '' });
    expect(await confirm(randomUUID())).toEqual({ confirmed: false, code: 'NOT_FOUND', message: '' });
    expect(await confirm('not-an-id')).toEqual({ confirmed: false, code: 'NOT_FOUND', message: '' });
  });

  it('should confirm a video upload reservation when media.video.uploaded arrives, even if media never confirmed it', async () => {
    const userId = randomUUID();
    const storageKey = `users/${userId}/products/${randomUUID()}/uploads/${randomUUID()}/${'long-name-'.repeat(10)}.mp4`;
    expect(storageKey.length).toBeGreaterThan(200);
    const held = await reserve(billing, userId, 'video_upload', { video_duration_sec: 30, reference: storageKey });
    expect(held.granted).toBe(true);
    const data: VideoUploaded = {
      videoId: randomUUID(),
      productId: randomUUID(),
      userId,
      storageKey,
      durationSec: 30,
      contentType: 'video/mp4',
      originalName: 'demo.mp4',
      fileSize: 1000,
    };
    await billing.bus.publish(subjects.videoUploaded, createEnvelope('media', subjects.videoUploaded, data));
    await eventually(async () => expect(await storedReservation(held.reservation_id)).toMatchObject({ status: 'confirmed' }));
    billing.clock.set(PAST_EXPIRY);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await entitlements(userId)).toMatchObject({ videos_uploaded: 1 });
  });
});
