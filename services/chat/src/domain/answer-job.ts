/**
 * The answer job: answering one question of a chat (an analytics strategy or a user flow) from the product's
 * analysis and tracking plan. It is keyed by the user-facing job, so a second run of a finished job is skipped,
 * and its answer commits only through the job engine's fenced transaction (one worker's answer, once). Errors
 * are retried by the engine; the last attempt fails the job, gives its unit of quota back and says so.
 */
import { randomUUID } from 'node:crypto';
import { AppError, createEnvelope, type JobContext, type JobOutcome, type Logger } from '@tracklens/kit';
import {
  CHAT_MESSAGES,
  chatSubjects,
  type ChatJobCompleted,
  type ChatJobFailed,
  type ChatJobType,
} from '@tracklens/contracts';
import type { FlowBuilder } from './flow-builder';
import type {
  ChatAnswer,
  ChatJobRecord,
  ChatStore,
  GroundingSource,
  JobFinishStore,
  ProductDirectory,
  QuotaGate,
} from './ports';
import type { Strategist, StrategyContext } from './strategist';

/** The job engine's queue of answers: a job per question, keyed by the user-facing job's id. */
export const ANSWER_QUEUE = { name: 'answer-chat-question', maxAttempts: 3 } as const;

/** Job progress and stage as the user sees them ('Thinking... N%'). */
export const STAGES = {
  started: { progress: 10, stage: 'Reading your product and tracking plan' },
  grounded: { progress: 40, stage: 'Writing the answer' },
  answered: { progress: 90, stage: 'Checking it against your tracking plan' },
} as const;

/** What each kind of job publishes, and tells the user when it fails. */
const OUTCOMES: Record<ChatJobType, { completed: string; failed: string; failure: string }> = {
  analytics_strategy: {
    completed: chatSubjects.strategyCompleted,
    failed: chatSubjects.strategyFailed,
    failure: CHAT_MESSAGES.strategyFailed,
  },
  user_flow: {
    completed: chatSubjects.userFlowCompleted,
    failed: chatSubjects.userFlowFailed,
    failure: CHAT_MESSAGES.userFlowFailed,
  },
};

/** What a job run is given: the engine's signal and attempt, and its fenced transaction. */
export interface AnswerRun extends Pick<JobContext, 'signal' | 'lastAttempt'> {
  finish<T>(work: (store: JobFinishStore) => Promise<T>): Promise<T>;
}

export interface AnswerJobOptions {
  store: ChatStore;
  products: ProductDirectory;
  grounding: GroundingSource;
  quota: QuotaGate;
  strategist: Strategist;
  flowBuilder: FlowBuilder;
  logger: Logger;
  eventsStored?: () => void;
}

export class AnswerJob {
  constructor(private readonly options: AnswerJobOptions) {}

  async run(jobId: string, run: AnswerRun): Promise<JobOutcome> {
    const { store } = this.options;
    const job = await store.findJobById(jobId);
    if (!job || (job.status !== 'pending' && job.status !== 'running')) return 'skipped';
    if (!(await store.startJob(job.id, STAGES.started.progress, STAGES.started.stage))) return 'skipped';

    try {
      const held = await this.confirmQuota(job);
      if (held !== true) return await this.fail(job, held, run);
      const context = await this.contextOf(job);
      if (!context) return await this.fail(job, CHAT_MESSAGES.productNotFound, run);
      run.signal.throwIfAborted();
      await store.setJobProgress(job.id, STAGES.grounded.progress, STAGES.grounded.stage);
      const answer = await this.answer(job, context, run.signal);
      run.signal.throwIfAborted();
      await store.setJobProgress(job.id, STAGES.answered.progress, STAGES.answered.stage);
      return await this.complete(job, answer, run);
    } catch (error) {
      if (run.signal.aborted || !run.lastAttempt) throw error;
      this.options.logger.error(
        { err: error, jobId: job.id, type: job.type },
        'chat answer failed on its last attempt',
      );
      return this.fail(job, OUTCOMES[job.type].failure, run);
    }
  }

  /**
   * The job's reservation is kept for good before any work: the question confirmed it already, unless billing did
   * not answer then or the process stopped first. Answers true, or why the job cannot run: its reservation expired
   * and the month's unit is taken (the §8 limit message), or it was given back already.
   */
  private async confirmQuota(job: ChatJobRecord): Promise<true | string> {
    if (!job.reservationId) return true;
    const confirmation = await this.options.quota.confirm(job.reservationId);
    if (confirmation.confirmed) return true;
    return confirmation.denial?.message ?? OUTCOMES[job.type].failure;
  }

  /** Fails a job whose every attempt ended with its worker gone. */
  async giveUp(jobId: string, finish: AnswerRun['finish']): Promise<string> {
    const job = await this.options.store.findJobById(jobId);
    if (!job) return CHAT_MESSAGES.strategyFailed;
    if (job.status === 'pending' || job.status === 'running') {
      await this.fail(job, OUTCOMES[job.type].failure, { lastAttempt: true, finish });
    }
    return OUTCOMES[job.type].failure;
  }

  private async answer(
    job: ChatJobRecord,
    context: StrategyContext,
    signal: AbortSignal,
  ): Promise<ChatAnswer & { source: 'offline' | 'model' }> {
    const question = { message: job.question, history: job.history };
    switch (job.type) {
      case 'analytics_strategy': {
        const strategy = await this.options.strategist.answer(context, question, { signal });
        return {
          result: strategy,
          content: strategy.text,
          metadata: { analytics_strategy: strategy, jobId: job.id },
          source: strategy.source,
        };
      }
      case 'user_flow': {
        const flow = await this.options.flowBuilder.build(context, question, { signal });
        return {
          result: flow,
          content: `## ${flow.title}\n\n${flow.description}`,
          metadata: { user_flow: flow, jobId: job.id },
          source: flow.source,
        };
      }
    }
  }

  /** The product, its finalised analysis and its latest plan; null when the product is gone. */
  private async contextOf(job: ChatJobRecord): Promise<StrategyContext | null> {
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
    job: ChatJobRecord,
    answer: ChatAnswer & { source: 'offline' | 'model' },
    run: AnswerRun,
  ): Promise<JobOutcome> {
    const subject = OUTCOMES[job.type].completed;
    const data: ChatJobCompleted = {
      jobId: job.id,
      type: job.type,
      sessionId: job.sessionId,
      productId: job.productId,
      userId: job.userId,
      source: answer.source,
    };
    const completed = await run.finish((finish) =>
      finish.completeJob(job, answer, randomUUID(), {
        subject,
        envelope: createEnvelope('chat', subject, data),
      }),
    );
    this.options.eventsStored?.();
    return completed ? 'completed' : 'skipped';
  }

  /** Gives the quota back first (a failed answer is not counted), then records the failure with its event. */
  private async fail(
    job: ChatJobRecord,
    message: string,
    run: Pick<AnswerRun, 'lastAttempt' | 'finish'>,
  ): Promise<JobOutcome> {
    if (job.reservationId) {
      try {
        await this.options.quota.release(job.reservationId);
      } catch (error) {
        // Retried with the job; only the last attempt records the failure without the release.
        if (!run.lastAttempt) throw error;
        this.options.logger.error(
          { err: error, jobId: job.id },
          'quota of a failed chat answer not released',
        );
      }
    }
    const subject = OUTCOMES[job.type].failed;
    const data: ChatJobFailed = {
      jobId: job.id,
      type: job.type,
      sessionId: job.sessionId,
      productId: job.productId,
      userId: job.userId,
      error: message,
    };
    await run.finish((finish) =>
      finish.failJob(job, message, { subject, envelope: createEnvelope('chat', subject, data) }),
    );
    this.options.eventsStored?.();
    return { failed: message };
  }
}
