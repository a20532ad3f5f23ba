/**
 * The strategy job: answering one question of a strategy chat from the product's analysis and tracking plan.
 * It is keyed by the user-facing job, so a second run of a finished job is skipped, and its answer commits
 * only through the job engine's fenced transaction (one worker's answer, once). Errors are retried by the
 * engine; the last attempt fails the job, gives its unit of quota back and says so to the user.
 */
import { randomUUID } from 'node:crypto';
import { AppError, createEnvelope, type JobContext, type JobOutcome, type Logger } from '@tracklens/kit';
import {
  CHAT_MESSAGES,
  chatSubjects,
  type AnalyticsStrategy,
  type StrategyCompleted,
  type StrategyFailed,
} from '@tracklens/contracts';
import type {
  ChatStore,
  GroundingSource,
  JobFinishStore,
  ProductDirectory,
  QuotaGate,
  StrategyJobRecord,
} from './ports';
import type { Strategist, StrategyContext } from './strategist';

/** The job engine's queue of strategy answers: a job per strategy request, keyed by its id. */
export const STRATEGY_QUEUE = { name: 'generate-analytics-strategy', maxAttempts: 3 } as const;

/** Job progress and stage as the user sees them ('Thinking... N%'). */
export const STAGES = {
  started: { progress: 10, stage: 'Reading your product and tracking plan' },
  grounded: { progress: 40, stage: 'Choosing metrics' },
  answered: { progress: 90, stage: 'Checking every metric against your tracking plan' },
} as const;

/** What a job run is given: the engine's signal and attempt, and its fenced transaction. */
export interface StrategyRun extends Pick<JobContext, 'signal' | 'lastAttempt'> {
  finish<T>(work: (store: JobFinishStore) => Promise<T>): Promise<T>;
}

export interface StrategyJobOptions {
  store: ChatStore;
  products: ProductDirectory;
  grounding: GroundingSource;
  quota: QuotaGate;
  strategist: Strategist;
  logger: Logger;
  eventsStored?: () => void;
}

export class StrategyJob {
  constructor(private readonly options: StrategyJobOptions) {}

  async run(jobId: string, run: StrategyRun): Promise<JobOutcome> {
    const { store, strategist } = this.options;
    const job = await store.findJobById(jobId);
    if (!job || (job.status !== 'pending' && job.status !== 'running')) return 'skipped';
    if (!(await store.startJob(job.id, STAGES.started.progress, STAGES.started.stage))) return 'skipped';

    try {
      const context = await this.contextOf(job);
      if (!context) return await this.fail(job, CHAT_MESSAGES.productNotFound, run);
      run.signal.throwIfAborted();
      await store.setJobProgress(job.id, STAGES.grounded.progress, STAGES.grounded.stage);
      const strategy = await strategist.answer(
        context,
        { message: job.question, history: job.history },
        { signal: run.signal },
      );
      run.signal.throwIfAborted();
      await store.setJobProgress(job.id, STAGES.answered.progress, STAGES.answered.stage);
      return await this.complete(job, strategy, run);
    } catch (error) {
      if (run.signal.aborted || !run.lastAttempt) throw error;
      this.options.logger.error(
        { err: error, jobId: job.id },
        'analytics strategy failed on its last attempt',
      );
      return this.fail(job, CHAT_MESSAGES.strategyFailed, run);
    }
  }

  /** Fails a job whose every attempt ended with its worker gone. */
  async giveUp(jobId: string, finish: StrategyRun['finish']): Promise<string> {
    const job = await this.options.store.findJobById(jobId);
    if (job?.status === 'pending' || job?.status === 'running') {
      await this.fail(job, CHAT_MESSAGES.strategyFailed, { lastAttempt: true, finish });
    }
    return CHAT_MESSAGES.strategyFailed;
  }

  /** The product, its finalised analysis and its latest plan; null when the product is gone. */
  private async contextOf(job: StrategyJobRecord): Promise<StrategyContext | null> {
    const { products, grounding } = this.options;
    try {
      const [product, analysis, plan] = await Promise.all([
        products.getProduct(job.userId, job.productId),
        grounding.productAnalysis(job.userId, job.productId),
        grounding.latestPlan(job.userId, job.productId),
      ]);
      return {
        product: { name: product.name, type: product.type, description: product.description },
        analysis: analysis?.finalized ? analysis : null,
        plan,
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  }

  private async complete(
    job: StrategyJobRecord,
    strategy: AnalyticsStrategy,
    run: StrategyRun,
  ): Promise<JobOutcome> {
    const data: StrategyCompleted = {
      jobId: job.id,
      sessionId: job.sessionId,
      productId: job.productId,
      userId: job.userId,
      metricCount: strategy.table.length,
      source: strategy.source,
    };
    const completed = await run.finish((finish) =>
      finish.completeJob(job, strategy, randomUUID(), {
        subject: chatSubjects.strategyCompleted,
        envelope: createEnvelope('chat', chatSubjects.strategyCompleted, data),
      }),
    );
    this.options.eventsStored?.();
    return completed ? 'completed' : 'skipped';
  }

  /** Gives the quota back first (a failed answer is not counted), then records the failure with its event. */
  private async fail(
    job: StrategyJobRecord,
    message: string,
    run: Pick<StrategyRun, 'lastAttempt' | 'finish'>,
  ): Promise<JobOutcome> {
    if (job.reservationId) {
      try {
        await this.options.quota.release(job.reservationId);
      } catch (error) {
        // Retried with the job; only the last attempt records the failure without the release.
        if (!run.lastAttempt) throw error;
        this.options.logger.error({ err: error, jobId: job.id }, 'quota of a failed strategy not released');
      }
    }
    const data: StrategyFailed = {
      jobId: job.id,
      sessionId: job.sessionId,
      productId: job.productId,
      userId: job.userId,
      error: message,
    };
    await run.finish((finish) =>
      finish.failJob(job, message, {
        subject: chatSubjects.strategyFailed,
        envelope: createEnvelope('chat', chatSubjects.strategyFailed, data),
      }),
    );
    this.options.eventsStored?.();
    return { failed: message };
  }
}
