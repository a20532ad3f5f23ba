/**
 * Tracking plan generation on the page (product-spec §4 Tracking plan generation, §5, §7, §8): start, the
 * status poll (5 s, 10 s while a job is tracked), restoring a running job after a reload, and the toasts when
 * it ends. A job is "tracked" from a successful start or from a poll that says one is generating.
 */
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/base-query';
import { useGetSubscriptionQuery } from '../../api/billing.api';
import {
  planningApi,
  useGenerateTrackingPlanMutation,
  useGetTrackingPlanStatusQuery,
  type TrackingPlanStatusResponse,
} from '../../api/planning.api';
import { api } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../../components/toast';
import { errorMessageOr } from './error-message';
import { FREE_LIMITS } from '@tracklens/contracts/limits';
import { upgradeRequested } from '../billing/upgrade.slice';

export const STATUS_POLL_MS = 5_000;
export const TRACKED_STATUS_POLL_MS = 10_000;

interface TrackedJob {
  /** Unknown when the start answered that a job already runs; the next poll names it. */
  jobId: string | null;
  /** Poll answers older than this predate the start and say nothing about the job. */
  since: number;
}

export type StatusAnswer = TrackingPlanStatusResponse | null | undefined;

/** What a poll answer means for the tracked job (product-spec §4). */
export type StatusOutcome =
  | { kind: 'ignore' }
  | { kind: 'restore'; jobId: string | null }
  | { kind: 'running'; jobId: string | null }
  | { kind: 'failed' }
  | { kind: 'completed' }
  | { kind: 'cleared' };

export function statusOutcome(
  tracked: TrackedJob | null,
  answer: StatusAnswer,
  answeredAt: number,
): StatusOutcome {
  // null: an authentication error, ignored silently.
  if (!answer) return { kind: 'ignore' };
  const plan = answer.trackingPlan;
  if (!tracked) {
    return answer.isGenerating && plan ? { kind: 'restore', jobId: plan.jobId ?? null } : { kind: 'ignore' };
  }
  if (answeredAt < tracked.since) return { kind: 'ignore' };
  // Another plan than ours (an answer about the previous plan) says nothing about our job.
  if (tracked.jobId && plan?.jobId && plan.jobId !== tracked.jobId) return { kind: 'ignore' };
  if (answer.isGenerating) return { kind: 'running', jobId: plan?.jobId ?? null };
  if (plan?.status === 'failed') return { kind: 'failed' };
  if (plan?.status === 'completed') return { kind: 'completed' };
  return { kind: 'cleared' };
}

/** Toasts render in their own React root: they are shown after this commit, not inside it. */
function announce(show: () => void): void {
  setTimeout(show, 0);
}

/** product-spec §5: free users who generated a plan this month are stopped before asking the server. */
function useFreePlanBlock(): boolean {
  const user = useAppSelector((state) => state.session.user);
  const { data: subscription } = useGetSubscriptionQuery(undefined, { skip: !user });
  const status = subscription?.subscriptionStatus ?? user?.subscriptionStatus;
  const generated = subscription?.trackingPlansGenerated ?? user?.trackingPlansGenerated ?? 0;
  return status !== 'active' && generated >= FREE_LIMITS.trackingPlansPerMonth;
}

export interface PlanGeneration {
  /** A job runs (started here or restored). */
  generating: boolean;
  starting: boolean;
  progress: number;
  /** The first status answer has not come yet: the button waits for it. */
  checking: boolean;
  start: () => Promise<void>;
}

export function usePlanGeneration(productId: string): PlanGeneration {
  const dispatch = useAppDispatch();
  const blocked = useFreePlanBlock();
  const [tracked, setTracked] = useState<TrackedJob | null>(null);
  const [starting, setStarting] = useState(false);
  const [generate] = useGenerateTrackingPlanMutation();
  const { data, fulfilledTimeStamp, isLoading } = useGetTrackingPlanStatusQuery(productId, {
    pollingInterval: tracked ? TRACKED_STATUS_POLL_MS : STATUS_POLL_MS,
  });

  useEffect(() => {
    const outcome = statusOutcome(tracked, data, fulfilledTimeStamp ?? 0);
    switch (outcome.kind) {
      case 'ignore':
        return;
      case 'restore':
        setTracked({ jobId: outcome.jobId, since: 0 });
        return;
      case 'running':
        if (tracked && !tracked.jobId && outcome.jobId) setTracked({ ...tracked, jobId: outcome.jobId });
        return;
      case 'failed':
        announce(() =>
          toast.error(
            'Tracking plan generation failed',
            'Please ensure your product has video analysis and PRD data before generating a tracking plan.',
          ),
        );
        setTracked(null);
        return;
      case 'completed':
        // The new plan joins the lists; billing counted it, so the free-plan check must see the new count.
        dispatch(planningApi.util.invalidateTags([{ type: 'TrackingPlan', id: `LIST-${productId}` }]));
        dispatch(api.util.invalidateTags(['Subscription']));
        announce(() => toast.success('Tracking plan generated', 'Saved to history.'));
        setTracked(null);
        return;
      case 'cleared':
        setTracked(null);
    }
  }, [data, fulfilledTimeStamp, tracked, dispatch, productId]);

  async function start(): Promise<void> {
    if (starting || tracked) return;
    if (blocked) {
      dispatch(upgradeRequested({ code: 'TRACKING_PLAN_RESTRICTED' }));
      return;
    }
    setStarting(true);
    try {
      const answer = await generate(productId).unwrap();
      setTracked({ jobId: 'jobId' in answer ? answer.jobId : null, since: Date.now() });
      toast.info(
        'Tracking plan generation started',
        'Generation takes about 6 minutes. You can close the browser and return later.',
      );
    } catch (error) {
      // A restriction answer (upgradeRequired) has opened the upgrade dialog already (billing's listener).
      if (isApiError(error) && error.upgradeRequired) return;
      toast.error(
        'Error starting tracking plan generation',
        errorMessageOr(error, 'Failed to start tracking plan generation. Please try again.'),
      );
    } finally {
      setStarting(false);
    }
  }

  const generating = tracked !== null;
  const progress = generating && data?.isGenerating ? (data.trackingPlan?.progress ?? 0) : 0;
  return { generating, starting, progress, checking: isLoading, start };
}
