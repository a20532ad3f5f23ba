/**
 * The tracking-plan job: generating one plan from its product's finalised analysis. It is keyed by the plan,
 * so a second run of a finished plan is skipped and two racing runs finish it once (only the transaction
 * that still finds the plan generating commits). A failure the product cannot recover from (no finalised
 * analysis) fails the plan at once; anything else is retried by the job engine until the last attempt,
 * which fails the plan instead of leaving it generating.
 */
import { createEnvelope, type JobContext, type JobOutcome } from '@tracklens/kit';
import {
  TRACKING_PLAN_NEEDS_ANALYSIS,
  planningSubjects,
  type TrackingPlanCompleted,
  type TrackingPlanFailed,
} from '@tracklens/contracts';
import type { Logger } from '@tracklens/kit';
import { withEvidence } from './plan-evidence';
import type { AnalysisSource, PlanGenerator, PlanRecord, PlanningStore, ProductDirectory, QuotaGate } from './ports';

export const GENERATION_FAILED = 'Tracking plan generation failed. Please try again.';

/** The job engine's queue of plan generations: a job per plan, keyed by the plan's id. */
export const TRACKING_PLAN_QUEUE = { name: 'generate-tracking-plan', maxAttempts: 3 } as const;

/** Job progress at each stage, 0-100. */
export const PROGRESS = { started: 10, analysisLoaded: 40, generated: 90 } as const;

export interface GenerationJobOptions {
  store: PlanningStore;
  analyses: AnalysisSource;
  /** Whether the owner calls the product a website or a mobile app: page views or screen views. */
  products: ProductDirectory;
  quota: QuotaGate;
  generator: PlanGenerator;
  logger: Logger;
  eventsStored?: () => void;
}

export class TrackingPlanJob {
  constructor(private readonly options: GenerationJobOptions) {}

  async run(planId: string, job: Pick<JobContext, 'signal' | 'lastAttempt'>): Promise<JobOutcome> {
    const { store, analyses, products, generator } = this.options;
    const plan = await store.findPlanById(planId);
    if (!plan || plan.status !== 'generating') return 'skipped';
    if (!(await store.startJob(plan.jobId, PROGRESS.started))) return 'skipped';

    try {
      const held = await this.confirmQuota(plan);
      if (held !== true) return await this.fail(plan, held, job.lastAttempt);
      const analysis = await analyses.productAnalysis(plan.userId, plan.productId);
      job.signal.throwIfAborted();
      if (!analysis || !analysis.finalized || analysis.pageSpecs.length === 0) {
        return await this.fail(plan, TRACKING_PLAN_NEEDS_ANALYSIS, job.lastAttempt);
      }
      const product = await products.getProduct(plan.userId, plan.productId);
      await store.setJobProgress(plan.jobId, PROGRESS.analysisLoaded);
      // Evidence is added here, after either generator: the moments of the video come from the analysis, not the model;
      // the offline generator also says which screen and control made each event.
      const generated = await generator.generate(analysis, { signal: job.signal, productType: product.type });
      const content = withEvidence(generated.content, analysis, generated.sources);
      job.signal.throwIfAborted();
      await store.setJobProgress(plan.jobId, PROGRESS.generated);

      const data: TrackingPlanCompleted = {
        planId: plan.id,
        productId: plan.productId,
        userId: plan.userId,
        eventCount: content.events.length,
        funnelCount: content.funnels.length,
      };
      const completed = await store.completePlan(plan, content, {
        subject: planningSubjects.trackingPlanCompleted,
        envelope: createEnvelope('planning', planningSubjects.trackingPlanCompleted, data),
      });
      this.options.eventsStored?.();
      return completed ? 'completed' : 'skipped';
    } catch (error) {
      if (job.signal.aborted || !job.lastAttempt) throw error;
      this.options.logger.error({ err: error, jobId: plan.jobId, planId: plan.id }, 'tracking plan generation failed on its last attempt');
      return this.fail(plan, GENERATION_FAILED, true);
    }
  }

  /**
   * The plan's reservation is kept for good before any work: the start confirmed it already, unless billing did not
   * answer then or the process stopped first. Answers true, or why the plan cannot be made: its reservation expired
   * and the month's unit is taken (the §8 limit message), or it was given back already.
   */
  private async confirmQuota(plan: PlanRecord): Promise<true | string> {
    if (!plan.reservationId) return true;
    const confirmation = await this.options.quota.confirm(plan.reservationId);
    if (confirmation.confirmed) return true;
    return confirmation.denial?.message ?? GENERATION_FAILED;
  }

  /** Fails a plan whose every attempt ended with its worker gone. */
  async giveUp(planId: string): Promise<string> {
    const plan = await this.options.store.findPlanById(planId);
    if (plan?.status === 'generating') await this.fail(plan, GENERATION_FAILED, true);
    return GENERATION_FAILED;
  }

  /** Gives the quota back first (a failed plan is not counted), then records the failure with its event. */
  private async fail(plan: PlanRecord, message: string, lastAttempt: boolean): Promise<JobOutcome> {
    if (plan.reservationId) {
      try {
        await this.options.quota.release(plan.reservationId);
      } catch (error) {
        // Retried with the job; only the last attempt records the failure without the release.
        if (!lastAttempt) throw error;
        this.options.logger.error({ err: error, jobId: plan.jobId, planId: plan.id }, 'quota of a failed tracking plan not released');
      }
    }
    const data: TrackingPlanFailed = { planId: plan.id, productId: plan.productId, userId: plan.userId, error: message };
    await this.options.store.failPlan(plan, message, {
      subject: planningSubjects.trackingPlanFailed,
      envelope: createEnvelope('planning', planningSubjects.trackingPlanFailed, data),
    });
    this.options.eventsStored?.();
    return { failed: message };
  }
}
