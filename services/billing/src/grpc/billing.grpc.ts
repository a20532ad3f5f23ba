/** billing.v1.BillingService: quota reservations and entitlements, asked by media, planning and chat. */
import { errors, loadGrpcService, parseOrThrow, type GrpcServiceBinding } from '@tracklens/kit';
import { quotaFeatureSchema } from '@tracklens/contracts';
import { z } from 'zod';
import type { Billing } from '../domain/billing';

const reserveRequest = z.object({
  user_id: z.string().uuid('user_id must be a user id'),
  feature: quotaFeatureSchema,
  // proto3 sends 0 for "not set": one unit.
  amount: z.number().int().min(0).max(1000),
  video_duration_sec: z.number().min(0).max(10_000_000),
  // An upload's storage key can be 240 characters long.
  reference: z.string().max(500),
});
const reservationRequest = z.object({ reservation_id: z.string() });
const entitlementsRequest = z.object({ user_id: z.string().uuid('user_id must be a user id') });

const UNLIMITED = -1;

function isUuid(value: string): boolean {
  return z.string().uuid().safeParse(value).success;
}

export function billingGrpc(protoDir: string, billing: Billing): GrpcServiceBinding {
  return {
    service: loadGrpcService(protoDir, 'billing/v1/billing.proto', 'billing.v1.BillingService'),
    implementation: {
      ReserveQuota: async (request: unknown) => {
        const parsed = parseOrThrow(reserveRequest, request);
        const outcome = await billing.reserveQuota({
          userId: parsed.user_id,
          feature: parsed.feature,
          amount: parsed.amount || 1,
          videoDurationSec: parsed.video_duration_sec,
          reference: parsed.reference || null,
        });
        if (outcome.granted) {
          return { granted: true, reservation_id: outcome.reservationId, expires_at: outcome.expiresAt.toISOString() };
        }
        const { denial } = outcome;
        return {
          granted: false,
          code: denial.code,
          message: denial.message,
          video_duration: denial.videoDuration ?? 0,
          video_duration_minutes: denial.videoDurationMinutes ?? 0,
        };
      },
      ConfirmQuota: async (request: unknown) => {
        const parsed = parseOrThrow(reservationRequest, request);
        // An id that cannot be one of ours was never reserved: nothing to confirm.
        if (!isUuid(parsed.reservation_id)) return { confirmed: false, code: 'NOT_FOUND', message: '' };
        const outcome = await billing.confirmQuota(parsed.reservation_id);
        if (outcome.confirmed) return { confirmed: true };
        if (outcome.reason === 'denied') {
          return { confirmed: false, code: outcome.denial.code, message: outcome.denial.message };
        }
        return { confirmed: false, code: outcome.reason === 'released' ? 'RELEASED' : 'NOT_FOUND', message: '' };
      },
      ReleaseQuota: async (request: unknown) => {
        const parsed = parseOrThrow(reservationRequest, request);
        // An id that cannot be one of ours was never reserved: nothing to give back.
        if (!isUuid(parsed.reservation_id)) return { released: false };
        return { released: await billing.releaseQuota(parsed.reservation_id) };
      },
      GetEntitlements: async (request: unknown) => {
        const parsed = entitlementsRequest.safeParse(request);
        if (!parsed.success) throw errors.validation('user_id must be a user id');
        const { status, month, usage, remaining } = await billing.entitlements(parsed.data.user_id);
        return {
          subscription_status: status,
          is_pro: status === 'active',
          month,
          videos_uploaded: usage.videosUploaded,
          tracking_plans_generated: usage.trackingPlansGenerated,
          analytics_messages: usage.analyticsMessages,
          prompts_used: usage.promptsUsed,
          videos_remaining: remaining.videos ?? UNLIMITED,
          tracking_plans_remaining: remaining.trackingPlans ?? UNLIMITED,
          analytics_messages_remaining: remaining.analyticsMessages ?? UNLIMITED,
          prompts_remaining: remaining.prompts ?? UNLIMITED,
          max_video_seconds: remaining.maxVideoSeconds ?? UNLIMITED,
        };
      },
    },
  };
}
