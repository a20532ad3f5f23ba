/** billing: plans, quota, subscription info (product-spec §3, §6, §8, §9; ARCHITECTURE §6) and billing events. */
import { z } from 'zod';
import { subscriptionStatusSchema } from './identity';
import { text } from './text';

/** What a reservation pays for; `prompt` is counted for trial users by every AI feature. */
export const quotaFeatureSchema = z.enum(['video_upload', 'tracking_plan', 'analytics_message']);
export type QuotaFeature = z.infer<typeof quotaFeatureSchema>;

export const RESTRICTION_CODES = {
  video_upload: 'UPLOAD_RESTRICTED',
  tracking_plan: 'TRACKING_PLAN_RESTRICTED',
  analytics_message: 'ANALYTICS_MESSAGE_RESTRICTED',
} as const satisfies Record<QuotaFeature, string>;
export type RestrictionCode = (typeof RESTRICTION_CODES)[QuotaFeature];

/** The §8 messages of each restriction (the server's `message`; the web shows the dialog titles/texts). */
export const RESTRICTION_MESSAGES = {
  videoTooLong: (minutes: number) =>
    `Your video (${minutes} minutes) exceeds the 5-minute limit for free users. Upgrade to Pro for unlimited video length.`,
  videoLimit: "You've reached your free plan limit of 1 video per month. Upgrade to Pro for unlimited video uploads.",
  trackingPlanLimit: "You've reached your free plan limit of 1 tracking plan per month",
  analyticsMessageLimit: "You've reached your free plan limit of 10 analytics strategy messages per month",
  trialPrompts: "You've used all 1000 free prompts. Upgrade to Pro for unlimited access.",
} as const;

/** GET /api/user/subscription (product-spec §3 Subscription info). */
export const subscriptionInfoSchema = z.object({
  hasActiveSubscription: z.boolean(),
  subscriptionStatus: subscriptionStatusSchema,
  promptsUsed: z.number().int(),
  /** null on Pro: unlimited. */
  promptsRemaining: z.number().int().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  analyticsMessages: z.number().int(),
  trackingPlansGenerated: z.number().int(),
  videosUploaded: z.number().int(),
  currentPeriodEnd: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const stripeConfigSchema = z.object({
  publishableKey: z.string(),
  environment: z.enum(['test', 'live', 'development']),
});
export type StripeConfig = z.infer<typeof stripeConfigSchema>;

export const checkoutResponseSchema = z.object({ checkoutUrl: z.string(), sessionId: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** product-spec §5: a manually entered checkout session id starts with cs_test_ or cs_live_. */
export const checkoutSessionIdSchema = z
  .string({ error: 'Session ID is required' })
  .trim()
  .regex(/^cs_(test|live)_[A-Za-z0-9_]{1,200}$/, 'Session ID must start with cs_test_ or cs_live_');

export const verifyPaymentBodySchema = z.object({ sessionId: checkoutSessionIdSchema });
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  payment_status: z.string(),
  user_email: z.string().nullable(),
  message: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

export const subscriptionChangedSchema = z.object({ userId: z.string(), status: subscriptionStatusSchema });
export type SubscriptionChanged = z.infer<typeof subscriptionChangedSchema>;

/** The caller's counters for the current UTC month. */
export const usageChangedSchema = z.object({
  userId: z.string(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  videosUploaded: z.number().int(),
  trackingPlansGenerated: z.number().int(),
  analyticsMessages: z.number().int(),
  promptsUsed: z.number().int(),
});
export type UsageChanged = z.infer<typeof usageChangedSchema>;

/** POST /api/create-checkout-session: the web sends its own userId; anyone else's answers 403. */
export const createCheckoutBodySchema = z.object({ userId: text({ label: 'User ID', max: 200 }).optional() });
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

/** Why a reservation was refused: a restriction code with its §8 message (and the video's length for a long video). */
export interface QuotaDenial {
  code: RestrictionCode;
  message: string;
  /** UPLOAD_RESTRICTED for a video over the free limit: its duration in seconds. */
  videoDuration?: number;
  /** The same duration in whole minutes, rounded up. */
  videoDurationMinutes?: number;
}

/** product-spec §3 Upgrade-required error body; services answer it with status 403. */
export interface RestrictionBody {
  message: string;
  error: string;
  code: RestrictionCode;
  upgradeRequired: true;
  videoDuration?: number;
  videoDurationMinutes?: number;
}

export function restrictionBody(denial: QuotaDenial): RestrictionBody {
  return {
    message: denial.message,
    error: denial.message,
    code: denial.code,
    upgradeRequired: true,
    ...(denial.videoDuration !== undefined ? { videoDuration: denial.videoDuration } : {}),
    ...(denial.videoDurationMinutes !== undefined ? { videoDurationMinutes: denial.videoDurationMinutes } : {}),
  };
}

/** billing.v1 ReserveQuota's answer as @grpc/proto-loader delivers it (snake_case, defaults filled in). */
export interface ReserveQuotaReply {
  granted: boolean;
  reservation_id: string;
  code: string;
  message: string;
  video_duration: number;
  video_duration_minutes: number;
}

export const restrictionCodeSchema = z.enum(['UPLOAD_RESTRICTED', 'TRACKING_PLAN_RESTRICTED', 'ANALYTICS_MESSAGE_RESTRICTED']);

/** The denial inside a ReserveQuota reply for `feature`, or null when it was granted (media/planning/chat answer it as a 403). */
export function quotaDenialOf(reply: ReserveQuotaReply, feature: QuotaFeature): QuotaDenial | null {
  if (reply.granted) return null;
  const code = restrictionCodeSchema.safeParse(reply.code);
  const denial: QuotaDenial = {
    code: code.success ? code.data : RESTRICTION_CODES[feature],
    message: reply.message || 'Unlock unlimited features with Pro plan.',
  };
  if (reply.video_duration > 0) {
    denial.videoDuration = reply.video_duration;
    denial.videoDurationMinutes = reply.video_duration_minutes;
  }
  return denial;
}
