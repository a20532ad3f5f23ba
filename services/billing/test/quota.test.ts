import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { eventually } from '@tracklens/kit/testing';
import { quotaDenialOf, restrictionBody, RESTRICTION_MESSAGES } from '@tracklens/contracts';
import { subscriptions, usageCounters } from '../src/db/schema';
import { call, reserve, startBilling, usageEventsOf, type TestBilling } from './support';

describe('billing quota (gRPC ReserveQuota, ReleaseQuota, GetEntitlements)', () => {
  let billing: TestBilling;

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(async () => {
    await billing.stop();
  });

  beforeEach(() => {
    billing.clock.set('2026-03-15T12:00:00Z');
  });

  async function setStatus(userId: string, status: string): Promise<void> {
    await billing.service.runtime.db
      .insert(subscriptions)
      .values({ userId, status })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { status } });
  }

  it('should grant a free user 1 tracking plan a month and answer the second with TRACKING_PLAN_RESTRICTED and the §8 message', async () => {
    const userId = randomUUID();
    const first = await reserve(billing, userId, 'tracking_plan');
    expect(first).toMatchObject({ granted: true, reservation_id: expect.any(String) });
    const second = await reserve(billing, userId, 'tracking_plan');
    expect(second).toMatchObject({
      granted: false,
      code: 'TRACKING_PLAN_RESTRICTED',
      message: "You've reached your free plan limit of 1 tracking plan per month",
    });
  });

  it('should grant a free user 10 analytics messages a month and deny the 11th with ANALYTICS_MESSAGE_RESTRICTED', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 10; i++)
      expect((await reserve(billing, userId, 'analytics_message')).granted).toBe(true);
    const eleventh = await reserve(billing, userId, 'analytics_message');
    expect(eleventh).toMatchObject({
      granted: false,
      code: 'ANALYTICS_MESSAGE_RESTRICTED',
      message: "You've reached your free plan limit of 10 analytics strategy messages per month",
    });
  });

  it('should grant a free user 1 video of at most 300 s a month and answer UPLOAD_RESTRICTED otherwise', async () => {
    const userId = randomUUID();
    const long = await reserve(billing, userId, 'video_upload', { video_duration_sec: 301 });
    expect(long).toMatchObject({
      granted: false,
      code: 'UPLOAD_RESTRICTED',
      message:
        'Your video (6 minutes) exceeds the 5-minute limit for free users. Upgrade to Pro for unlimited video length.',
      video_duration: 301,
      video_duration_minutes: 6,
    });
    expect((await reserve(billing, userId, 'video_upload', { video_duration_sec: 300 })).granted).toBe(true);
    const second = await reserve(billing, userId, 'video_upload', { video_duration_sec: 20 });
    expect(second).toMatchObject({
      granted: false,
      code: 'UPLOAD_RESTRICTED',
      message: RESTRICTION_MESSAGES.videoLimit,
      video_duration: 0,
    });
  });

  it('should turn a denial into the §3 upgrade-required body other services answer with 403', async () => {
    const userId = randomUUID();
    const reply = await reserve(billing, userId, 'video_upload', { video_duration_sec: 420.5 });
    const denial = quotaDenialOf(reply, 'video_upload');
    expect(denial).not.toBeNull();
    expect(restrictionBody(denial!)).toEqual({
      message: RESTRICTION_MESSAGES.videoTooLong(8),
      error: RESTRICTION_MESSAGES.videoTooLong(8),
      code: 'UPLOAD_RESTRICTED',
      upgradeRequired: true,
      videoDuration: 420.5,
      videoDurationMinutes: 8,
    });
    expect(quotaDenialOf(await reserve(billing, userId, 'tracking_plan'), 'tracking_plan')).toBeNull();
  });

  it('should reset the counters in a new UTC month', async () => {
    const userId = randomUUID();
    billing.clock.set('2026-03-31T23:59:59Z');
    expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(true);
    expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(false);
    billing.clock.set('2026-04-01T00:00:00Z');
    expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(true);
    expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(false);
    const entitlements = await billing.grpc.call<Record<string, unknown>>('GetEntitlements', {
      user_id: userId,
    });
    expect(entitlements).toMatchObject({
      month: '2026-04',
      tracking_plans_generated: 1,
      tracking_plans_remaining: 0,
    });
  });

  it('should always grant a Pro user, with no video length limit, and still count the use', async () => {
    const userId = randomUUID();
    await setStatus(userId, 'active');
    for (let i = 0; i < 3; i++) expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(true);
    expect((await reserve(billing, userId, 'video_upload', { video_duration_sec: 3600 })).granted).toBe(true);
    const entitlements = await billing.grpc.call<Record<string, unknown>>('GetEntitlements', {
      user_id: userId,
    });
    expect(entitlements).toMatchObject({
      subscription_status: 'active',
      is_pro: true,
      tracking_plans_generated: 3,
      videos_uploaded: 1,
      prompts_used: 4,
      tracking_plans_remaining: -1,
      prompts_remaining: -1,
      max_video_seconds: -1,
    });
  });

  it.each(['past_due', 'canceled'])('should hold a %s user to the Free limits', async (status) => {
    const userId = randomUUID();
    await setStatus(userId, status);
    expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(true);
    expect(await reserve(billing, userId, 'tracking_plan')).toMatchObject({
      granted: false,
      code: 'TRACKING_PLAN_RESTRICTED',
    });
    expect(await reserve(billing, userId, 'video_upload', { video_duration_sec: 600 })).toMatchObject({
      granted: false,
      code: 'UPLOAD_RESTRICTED',
    });
  });

  it('should give a trial user 1000 prompts across every feature, then deny each feature with the trial message', async () => {
    const userId = randomUUID();
    await setStatus(userId, 'trial');
    // Beyond the free per-feature limits: trial has none.
    for (let i = 0; i < 3; i++) expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(true);
    await billing.service.runtime.db
      .update(usageCounters)
      .set({ promptsUsed: 999 })
      .where(eq(usageCounters.userId, userId));
    expect((await reserve(billing, userId, 'analytics_message')).granted).toBe(true);
    const message = "You've used all 1000 free prompts. Upgrade to Pro for unlimited access.";
    expect(await reserve(billing, userId, 'analytics_message')).toMatchObject({
      granted: false,
      code: 'ANALYTICS_MESSAGE_RESTRICTED',
      message,
    });
    expect(await reserve(billing, userId, 'tracking_plan')).toMatchObject({
      granted: false,
      code: 'TRACKING_PLAN_RESTRICTED',
      message,
    });
    expect(await reserve(billing, userId, 'video_upload', { video_duration_sec: 10 })).toMatchObject({
      granted: false,
      code: 'UPLOAD_RESTRICTED',
      message,
    });
    const info = await call(billing, 'GET', '/api/user/subscription', { userId });
    expect(info.body).toMatchObject({
      subscriptionStatus: 'trial',
      promptsUsed: 1000,
      promptsRemaining: 0,
      hasActiveSubscription: false,
    });
  });

  it('should grant exactly one of 50 simultaneous tracking plan reservations of a free user', async () => {
    const userId = randomUUID();
    // The user's rows exist already, so nothing but the usage row lock makes the 50 take turns.
    expect((await reserve(billing, userId, 'analytics_message')).granted).toBe(true);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => reserve(billing, userId, 'tracking_plan')),
    );
    expect(replies.filter((r) => r.granted)).toHaveLength(1);
    expect(replies.filter((r) => !r.granted).every((r) => r.code === 'TRACKING_PLAN_RESTRICTED')).toBe(true);
    const entitlements = await billing.grpc.call<Record<string, unknown>>('GetEntitlements', {
      user_id: userId,
    });
    expect(entitlements).toMatchObject({ tracking_plans_generated: 1, prompts_used: 2 });
  });

  it('should give the unit back when the work fails, once, so the next attempt is granted', async () => {
    const userId = randomUUID();
    const granted = await reserve(billing, userId, 'tracking_plan');
    expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(false);
    expect(await billing.grpc.call('ReleaseQuota', { reservation_id: granted.reservation_id })).toEqual({
      released: true,
    });
    expect(await billing.grpc.call('ReleaseQuota', { reservation_id: granted.reservation_id })).toEqual({
      released: false,
    });
    expect(await billing.grpc.call('ReleaseQuota', { reservation_id: randomUUID() })).toEqual({
      released: false,
    });
    expect(await billing.grpc.call('ReleaseQuota', { reservation_id: 'not-an-id' })).toEqual({
      released: false,
    });
    const entitlements = await billing.grpc.call<Record<string, unknown>>('GetEntitlements', {
      user_id: userId,
    });
    expect(entitlements).toMatchObject({ tracking_plans_generated: 0, prompts_used: 0 });
    expect((await reserve(billing, userId, 'tracking_plan')).granted).toBe(true);
  });

  it('should give a release back to the month it was taken from', async () => {
    const userId = randomUUID();
    billing.clock.set('2026-05-31T23:00:00Z');
    const may = await reserve(billing, userId, 'tracking_plan');
    billing.clock.set('2026-06-01T01:00:00Z');
    const june = await reserve(billing, userId, 'tracking_plan');
    expect(june.granted).toBe(true);
    await billing.grpc.call('ReleaseQuota', { reservation_id: may.reservation_id });
    const entitlements = await billing.grpc.call<Record<string, unknown>>('GetEntitlements', {
      user_id: userId,
    });
    expect(entitlements).toMatchObject({ month: '2026-06', tracking_plans_generated: 1 });
  });

  it('should answer a retried reserve with the same reference with the same reservation, counting it once', async () => {
    const userId = randomUUID();
    const reference = `plan-${randomUUID()}`;
    const first = await reserve(billing, userId, 'tracking_plan', { reference });
    const again = await reserve(billing, userId, 'tracking_plan', { reference });
    expect(again).toMatchObject({ granted: true, reservation_id: first.reservation_id });
    expect(await reserve(billing, userId, 'tracking_plan', { reference: 'another' })).toMatchObject({
      granted: false,
    });
    // After a release the same work may take its unit again.
    await billing.grpc.call('ReleaseQuota', { reservation_id: first.reservation_id });
    expect(await reserve(billing, userId, 'tracking_plan', { reference })).toMatchObject({
      granted: true,
      reservation_id: first.reservation_id,
    });
    const entitlements = await billing.grpc.call<Record<string, unknown>>('GetEntitlements', {
      user_id: userId,
    });
    expect(entitlements).toMatchObject({ tracking_plans_generated: 1 });
  });

  it('should publish billing.usage.changed after every grant and release with the month counters', async () => {
    const userId = randomUUID();
    const granted = await reserve(billing, userId, 'video_upload', { video_duration_sec: 30 });
    await reserve(billing, userId, 'video_upload', { video_duration_sec: 30 }); // denied: no event
    await billing.grpc.call('ReleaseQuota', { reservation_id: granted.reservation_id });
    await eventually(() => expect(usageEventsOf(billing, userId)).toHaveLength(2));
    const [taken, given] = usageEventsOf(billing, userId);
    expect(taken).toMatchObject({
      producer: 'billing',
      version: 1,
      data: { userId, month: '2026-03', videosUploaded: 1, trackingPlansGenerated: 0, promptsUsed: 1 },
    });
    expect(given?.data).toMatchObject({ userId, month: '2026-03', videosUploaded: 0, promptsUsed: 0 });
  });

  it('should answer INVALID_ARGUMENT for a malformed reservation', async () => {
    await expect(reserve(billing, 'not-a-user', 'tracking_plan')).rejects.toMatchObject({ status: 400 });
    await expect(reserve(billing, randomUUID(), 'teleport')).rejects.toMatchObject({ status: 400 });
    await expect(reserve(billing, randomUUID(), 'tracking_plan', { amount: -1 })).rejects.toMatchObject({
      status: 400,
    });
    await expect(billing.grpc.call('GetEntitlements', { user_id: 'x' })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('should answer entitlements of a user billing has never seen as Free with nothing used', async () => {
    const entitlements = await billing.grpc.call<Record<string, unknown>>('GetEntitlements', {
      user_id: randomUUID(),
    });
    expect(entitlements).toEqual({
      subscription_status: 'free',
      is_pro: false,
      month: '2026-03',
      videos_uploaded: 0,
      tracking_plans_generated: 0,
      analytics_messages: 0,
      prompts_used: 0,
      videos_remaining: 1,
      tracking_plans_remaining: 1,
      analytics_messages_remaining: 10,
      prompts_remaining: 1000,
      max_video_seconds: 300,
    });
  });
});
