/** billing.v1.BillingService for media, planning and chat: quota reservations and entitlements. */
import { z } from 'zod';
import { quotaDenialOf, restrictionCodeSchema, type QuotaDenial, type QuotaFeature } from '../billing';
import { subscriptionStatusSchema, type SubscriptionStatus } from '../identity';
import { connect, type ClientConfig } from './connect';

// proto3 fills absent fields with defaults (keepCase, defaults: true); the schemas read that form.
const reserveReplySchema = z
  .object({
    granted: z.boolean(),
    reservation_id: z.string(),
    code: z.string(),
    message: z.string(),
    video_duration: z.number(),
    video_duration_minutes: z.number(),
  })
  .refine((reply) => !reply.granted || reply.reservation_id !== '', {
    message: 'a granted reservation needs its id',
  });
const confirmReplySchema = z.object({ confirmed: z.boolean(), code: z.string(), message: z.string() });
const releaseReplySchema = z.object({ released: z.boolean() });
const count = z.number().int().min(0);
/** -1 on the wire is "unlimited". */
const remaining = z
  .number()
  .int()
  .min(-1)
  .transform((value) => (value < 0 ? null : value));
const entitlementsReplySchema = z.object({
  subscription_status: subscriptionStatusSchema,
  is_pro: z.boolean(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  videos_uploaded: count,
  tracking_plans_generated: count,
  analytics_messages: count,
  prompts_used: count,
  videos_remaining: remaining,
  tracking_plans_remaining: remaining,
  analytics_messages_remaining: remaining,
  prompts_remaining: remaining,
  max_video_seconds: remaining,
});

export type QuotaReservation =
  { granted: true; reservationId: string } | { granted: false; denial: QuotaDenial };

/**
 * A confirmation's answer. Not confirmed with a denial: the reservation had expired and its units are taken now;
 * with a null denial: there was nothing to confirm (released, or never reserved).
 */
export type QuotaConfirmation = { confirmed: true } | { confirmed: false; denial: QuotaDenial | null };

export interface QuotaRequest {
  userId: string;
  feature: QuotaFeature;
  /** Units to take (1 when left out). */
  amount?: number;
  /** video_upload: the video's real duration. */
  videoDurationSec?: number;
  /** The idempotency key: what the reservation pays for; a retried reserve with it takes no second unit. */
  reference?: string;
}

/** The user's plan and this month's counters; a null remaining is unlimited. */
export interface Entitlements {
  subscriptionStatus: SubscriptionStatus;
  isPro: boolean;
  month: string;
  usage: {
    videosUploaded: number;
    trackingPlansGenerated: number;
    analyticsMessages: number;
    promptsUsed: number;
  };
  remaining: {
    videos: number | null;
    trackingPlans: number | null;
    analyticsMessages: number | null;
    prompts: number | null;
    maxVideoSeconds: number | null;
  };
}

export interface BillingClient {
  /** Reserves units until billing's expiry: confirm them once the thing is recorded, or release them. */
  reserveQuota(request: QuotaRequest): Promise<QuotaReservation>;
  /** Keeps a reservation for good; idempotent. */
  confirmQuota(reservationId: string): Promise<QuotaConfirmation>;
  /** false when there was nothing to give back (already released, or never reserved). */
  releaseQuota(reservationId: string): Promise<boolean>;
  getEntitlements(userId: string): Promise<Entitlements>;
  close(): void;
}

export function billingClient(config: ClientConfig): BillingClient {
  const client = connect(config, 'billing');
  return {
    async reserveQuota({ userId, feature, amount = 1, videoDurationSec = 0, reference = '' }) {
      const request = { user_id: userId, feature, amount, video_duration_sec: videoDurationSec, reference };
      const reply = await client.call('ReserveQuota', request, reserveReplySchema);
      const denial = quotaDenialOf(reply, feature);
      return denial ? { granted: false, denial } : { granted: true, reservationId: reply.reservation_id };
    },
    async confirmQuota(reservationId) {
      const reply = await client.call('ConfirmQuota', { reservation_id: reservationId }, confirmReplySchema);
      if (reply.confirmed) return { confirmed: true };
      const code = restrictionCodeSchema.safeParse(reply.code);
      return { confirmed: false, denial: code.success ? { code: code.data, message: reply.message } : null };
    },
    async releaseQuota(reservationId) {
      return (await client.call('ReleaseQuota', { reservation_id: reservationId }, releaseReplySchema))
        .released;
    },
    async getEntitlements(userId) {
      const reply = await client.call('GetEntitlements', { user_id: userId }, entitlementsReplySchema);
      return {
        subscriptionStatus: reply.subscription_status,
        isPro: reply.is_pro,
        month: reply.month,
        usage: {
          videosUploaded: reply.videos_uploaded,
          trackingPlansGenerated: reply.tracking_plans_generated,
          analyticsMessages: reply.analytics_messages,
          promptsUsed: reply.prompts_used,
        },
        remaining: {
          videos: reply.videos_remaining,
          trackingPlans: reply.tracking_plans_remaining,
          analyticsMessages: reply.analytics_messages_remaining,
          prompts: reply.prompts_remaining,
          maxVideoSeconds: reply.max_video_seconds,
        },
      };
    },
    close: () => client.close(),
  };
}

