/** The plan rules of ARCHITECTURE §6 and product-spec §6/§9: who may take what this month. Pure functions. */
import {
  FREE_LIMITS,
  RESTRICTION_CODES,
  RESTRICTION_MESSAGES,
  TRIAL_PROMPTS,
  type QuotaDenial,
  type QuotaFeature,
  type SubscriptionStatus,
} from '@tracklens/contracts';

export type Plan = 'pro' | 'trial' | 'free';

/** Only an active subscription is Pro; past_due and canceled fall back to Free. */
export function planOf(status: SubscriptionStatus): Plan {
  if (status === 'active') return 'pro';
  if (status === 'trial') return 'trial';
  return 'free';
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The usage month of an instant: its calendar month in UTC, 'YYYY-MM'. */
export function monthKey(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The same day next month (clamped to that month's last day), for a period that renews monthly. */
export function addOneMonth(at: Date): Date {
  const next = new Date(at.getTime());
  const day = at.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export interface UsageCounts {
  videosUploaded: number;
  trackingPlansGenerated: number;
  analyticsMessages: number;
  promptsUsed: number;
}

export const ZERO_USAGE: UsageCounts = {
  videosUploaded: 0,
  trackingPlansGenerated: 0,
  analyticsMessages: 0,
  promptsUsed: 0,
};

/** The counter each feature spends. */
export const COUNTER_OF: Record<QuotaFeature, keyof Omit<UsageCounts, 'promptsUsed'>> = {
  video_upload: 'videosUploaded',
  tracking_plan: 'trackingPlansGenerated',
  analytics_message: 'analyticsMessages',
};

const FREE_LIMIT_OF: Record<QuotaFeature, number> = {
  video_upload: FREE_LIMITS.videosPerMonth,
  tracking_plan: FREE_LIMITS.trackingPlansPerMonth,
  analytics_message: FREE_LIMITS.analyticsMessagesPerMonth,
};

const FREE_LIMIT_MESSAGE: Record<QuotaFeature, string> = {
  video_upload: RESTRICTION_MESSAGES.videoLimit,
  tracking_plan: RESTRICTION_MESSAGES.trackingPlanLimit,
  analytics_message: RESTRICTION_MESSAGES.analyticsMessageLimit,
};

/** Every reservation, whatever its feature, is one prompt of the trial's 1000. */
export const PROMPTS_PER_RESERVATION = 1;

export interface QuotaRequest {
  feature: QuotaFeature;
  amount: number;
  /** video_upload: the video's real length in seconds (0 when unknown). */
  videoDurationSec: number;
}

export type QuotaDecision = { granted: true } | { granted: false; denial: QuotaDenial };

/**
 * Decides one reservation against this month's usage. The monthly count is checked before the
 * video's length, as the upload form does (product-spec §5 checks 5 and 6).
 */
export function decideQuota(
  status: SubscriptionStatus,
  usage: UsageCounts,
  request: QuotaRequest,
): QuotaDecision {
  const plan = planOf(status);
  if (plan === 'pro') return { granted: true };
  const code = RESTRICTION_CODES[request.feature];
  if (plan === 'trial' && usage.promptsUsed + PROMPTS_PER_RESERVATION > TRIAL_PROMPTS) {
    return { granted: false, denial: { code, message: RESTRICTION_MESSAGES.trialPrompts } };
  }
  if (
    plan === 'free' &&
    usage[COUNTER_OF[request.feature]] + request.amount > FREE_LIMIT_OF[request.feature]
  ) {
    return { granted: false, denial: { code, message: FREE_LIMIT_MESSAGE[request.feature] } };
  }
  if (request.feature === 'video_upload' && request.videoDurationSec > FREE_LIMITS.videoSeconds) {
    const minutes = Math.ceil(request.videoDurationSec / 60);
    return {
      granted: false,
      denial: {
        code,
        message: RESTRICTION_MESSAGES.videoTooLong(minutes),
        videoDuration: request.videoDurationSec,
        videoDurationMinutes: minutes,
      },
    };
  }
  return { granted: true };
}

/** Units left this month; null means unlimited. */
export interface Remaining {
  videos: number | null;
  trackingPlans: number | null;
  analyticsMessages: number | null;
  prompts: number | null;
  maxVideoSeconds: number | null;
}

export function remainingOf(status: SubscriptionStatus, usage: UsageCounts): Remaining {
  const plan = planOf(status);
  if (plan === 'pro')
    return {
      videos: null,
      trackingPlans: null,
      analyticsMessages: null,
      prompts: null,
      maxVideoSeconds: null,
    };
  const prompts = Math.max(0, TRIAL_PROMPTS - usage.promptsUsed);
  if (plan === 'trial') {
    return {
      videos: prompts,
      trackingPlans: prompts,
      analyticsMessages: prompts,
      prompts,
      maxVideoSeconds: FREE_LIMITS.videoSeconds,
    };
  }
  return {
    videos: Math.max(0, FREE_LIMITS.videosPerMonth - usage.videosUploaded),
    trackingPlans: Math.max(0, FREE_LIMITS.trackingPlansPerMonth - usage.trackingPlansGenerated),
    analyticsMessages: Math.max(0, FREE_LIMITS.analyticsMessagesPerMonth - usage.analyticsMessages),
    prompts,
    maxVideoSeconds: FREE_LIMITS.videoSeconds,
  };
}
