/** The generate-tracking-plan job: one plan's generation, handed to the domain's TrackingPlanJob. */
import { defineJob, type RegisteredJob } from '@tracklens/kit';
import { z } from 'zod';
import { TRACKING_PLAN_QUEUE, type TrackingPlanJob } from '../domain/generation-job';

/** Plans generated at once by one process: a model call mostly waits on the network. */
const CONCURRENCY = 2;

export function generateTrackingPlanJob(job: TrackingPlanJob): RegisteredJob {
  return defineJob({
    ...TRACKING_PLAN_QUEUE,
    concurrency: CONCURRENCY,
    payload: z.object({ planId: z.string().uuid() }),
    handle: ({ planId }, context) => job.run(planId, context),
    onGiveUp: ({ planId }) => job.giveUp(planId),
  });
}
