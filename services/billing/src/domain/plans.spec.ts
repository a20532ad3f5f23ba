import { RESTRICTION_MESSAGES } from '@tracklens/contracts';
import { stripeConfigOf } from '../http/billing.routes';
import { ZERO_USAGE, addOneMonth, decideQuota, monthKey, planOf, remainingOf } from './plans';

describe('plans', () => {
  it('should key usage by the calendar month in UTC', () => {
    expect(monthKey(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03');
    expect(monthKey(new Date('2026-04-01T00:00:00.000Z'))).toBe('2026-04');
    // 1 a.m. on April 1st in Paris is still March in UTC.
    expect(monthKey(new Date('2026-04-01T01:00:00+02:00'))).toBe('2026-03');
  });

  it('should renew a period on the same day next month, clamped to the month\u2019s end', () => {
    expect(addOneMonth(new Date('2026-03-15T12:00:00Z')).toISOString()).toBe('2026-04-15T12:00:00.000Z');
    expect(addOneMonth(new Date('2026-01-31T08:00:00Z')).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addOneMonth(new Date('2026-12-31T08:00:00Z')).toISOString()).toBe('2027-01-31T08:00:00.000Z');
  });

  it('should treat only active as Pro, and past_due and canceled as Free', () => {
    expect(['free', 'trial', 'active', 'past_due', 'canceled'].map((s) => planOf(s as never))).toEqual([
      'free',
      'trial',
      'pro',
      'free',
      'free',
    ]);
  });

  it('should check the monthly count before the video length, as the upload form does', () => {
    const used = { ...ZERO_USAGE, videosUploaded: 1 };
    expect(decideQuota('free', used, { feature: 'video_upload', amount: 1, videoDurationSec: 900 })).toEqual({
      granted: false,
      denial: { code: 'UPLOAD_RESTRICTED', message: RESTRICTION_MESSAGES.videoLimit },
    });
    expect(
      decideQuota('free', ZERO_USAGE, { feature: 'video_upload', amount: 1, videoDurationSec: 300.4 }),
    ).toMatchObject({
      granted: false,
      denial: { videoDuration: 300.4, videoDurationMinutes: 6 },
    });
  });

  it('should answer remaining units with null for unlimited', () => {
    expect(remainingOf('active', ZERO_USAGE)).toEqual({
      videos: null,
      trackingPlans: null,
      analyticsMessages: null,
      prompts: null,
      maxVideoSeconds: null,
    });
    expect(remainingOf('free', { ...ZERO_USAGE, analyticsMessages: 4, promptsUsed: 4 })).toMatchObject({
      analyticsMessages: 6,
      prompts: 996,
    });
  });

  it('should name the Stripe environment from the key prefix', () => {
    expect(
      stripeConfigOf({ secretKey: undefined, publishableKey: undefined, webhookSecret: undefined }),
    ).toEqual({
      publishableKey: '',
      environment: 'development',
    });
    expect(
      stripeConfigOf({ secretKey: 'sk_live_x', publishableKey: 'pk_live_y', webhookSecret: undefined }),
    ).toEqual({
      publishableKey: 'pk_live_y',
      environment: 'live',
    });
    expect(
      stripeConfigOf({ secretKey: 'sk_test_x', publishableKey: undefined, webhookSecret: undefined })
        .environment,
    ).toBe('test');
  });
});
