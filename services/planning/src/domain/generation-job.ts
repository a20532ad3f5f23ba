/**
 * The tracking-plan job: what one delivery of planning.trackingplan.requested does. It is keyed by the plan,
 * so a redelivery of a finished plan is skipped and two racing deliveries finish it once (only the
 * transaction that still finds the plan generating commits). A failure the product cannot recover from
 * (no finalised analysis) fails the plan at once; anything else is retried by redelivery until the last
 * allowed delivery, which fails the plan instead of leaving it generating.
 */
import { createEnvelope } from '@tracklens/kit';
import {
  TRACKING_PLAN_NEEDS_ANALYSIS,
  planningSubjects,
  type TrackingPlanCompleted,
  type TrackingPlanFailed,
  type TrackingPlanRequested,
} from '@tracklens/contracts';
import type { Logger } from '@tracklens/kit';
import type { AnalysisSource, HandledEvent, PlanGenerator, PlanRecord, PlanningStore, QuotaGate } from './ports';

export const GENERATION_FAILED = 'Tracking plan generation failed. Please try again.';

/** Job progress at each stage, 0-100. */
export const PROGRESS = { started: 10, analysisLoaded: 40, generated: 90 } as const;

export type JobOutcome = 'completed' | 'failed' | 'skipped';

export interface JobDelivery {
  /** The event's id and subject, recorded in the inbox with the outcome. */
  eventId: string;
  subject: string;
  consumer: string;
  /** No redelivery follows this one: a transient failure must end the plan now. */
  lastAttempt: boolean;
  /** Aborted when the service stops: the job then throws so the bus delivers it again elsewhere. */
  signal: AbortSignal;
}

export interface GenerationJobOptions {
  store: PlanningStore;
  analyses: AnalysisSource;
  quota: QuotaGate;
  generator: PlanGenerator;
  logger: Logger;
  eventsStored?: () => void;
}

export class TrackingPlanJob {
  constructor(private readonly options: GenerationJobOptions) {}

  async run(request: TrackingPlanRequested, delivery: JobDelivery): Promise<JobOutcome> {
    const { store, analyses, generator } = this.options;
    const plan = await store.findPlanById(request.planId);
    if (!plan || plan.status !== 'generating' || plan.jobId !== request.jobId) return 'skipped';
    if (await store.wasHandled(delivery.consumer, delivery.eventId)) return 'skipped';
    if (!(await store.startJob(plan.jobId, PROGRESS.started))) return 'skipped';

    try {
      const analysis = await analyses.productAnalysis(plan.userId, plan.productId);
      delivery.signal.throwIfAborted();
      if (!analysis || !analysis.finalized || analysis.pageSpecs.length === 0) {
        return await this.fail(plan, TRACKING_PLAN_NEEDS_ANALYSIS, delivery);
      }
      await store.setJobProgress(plan.jobId, PROGRESS.analysisLoaded);
      const content = await generator.generate(analysis, { signal: delivery.signal });
      delivery.signal.throwIfAborted();
      await store.setJobProgress(plan.jobId, PROGRESS.generated);

      const data: TrackingPlanCompleted = {
        planId: plan.id,
        productId: plan.productId,
        userId: plan.userId,
        eventCount: content.events.length,
        funnelCount: content.funnels.length,
      };
      const completed = await store.completePlan(
        plan,
        content,
        { subject: planningSubjects.trackingPlanCompleted, envelope: createEnvelope('planning', planningSubjects.trackingPlanCompleted, data) },
        handledOf(delivery),
      );
      this.options.eventsStored?.();
      return completed ? 'completed' : 'skipped';
    } catch (error) {
      if (delivery.signal.aborted || !delivery.lastAttempt) throw error;
      this.options.logger.error({ err: error, jobId: plan.jobId, planId: plan.id }, 'tracking plan generation failed on its last attempt');
      return this.fail(plan, GENERATION_FAILED, delivery);
    }
  }

  /**
   * Asks again for every plan still generating. For a bus that forgets undelivered events when the process
   * dies (the in-process bus): without this, such a plan would stay generating and block the product.
   * A plan whose first request is still delivered as well is finished once all the same (see run).
   */
  async resumeInterrupted(): Promise<number> {
    const requests = await this.options.store.generatingRequests();
    for (const request of requests) {
      const subject = planningSubjects.trackingPlanRequested;
      await this.options.store.enqueue({ subject, envelope: createEnvelope('planning', subject, request) });
    }
    if (requests.length > 0) this.options.eventsStored?.();
    return requests.length;
  }

  /** Gives the quota back first (a failed plan is not counted), then records the failure with its event. */
  private async fail(plan: PlanRecord, message: string, delivery: JobDelivery): Promise<JobOutcome> {
    if (plan.reservationId) {
      try {
        await this.options.quota.release(plan.reservationId);
      } catch (error) {
        // Retried by redelivery; only the last attempt records the failure without the release.
        if (!delivery.lastAttempt) throw error;
        this.options.logger.error({ err: error, jobId: plan.jobId, planId: plan.id }, 'quota of a failed tracking plan not released');
      }
    }
    const data: TrackingPlanFailed = { planId: plan.id, productId: plan.productId, userId: plan.userId, error: message };
    const failed = await this.options.store.failPlan(
      plan,
      message,
      { subject: planningSubjects.trackingPlanFailed, envelope: createEnvelope('planning', planningSubjects.trackingPlanFailed, data) },
      handledOf(delivery),
    );
    this.options.eventsStored?.();
    return failed ? 'failed' : 'skipped';
  }
}

function handledOf(delivery: JobDelivery): HandledEvent {
  return { consumer: delivery.consumer, eventId: delivery.eventId, subject: delivery.subject };
}
