/** planning's rules for the routes: start a generation once per product, list, status, delete and export plans. */
import { randomUUID } from 'node:crypto';
import { errors, type Logger } from '@tracklens/kit';
import {
  restrictionBody,
  type GenerateTrackingPlanResponse,
  type TrackingPlan,
  type TrackingPlanExportFormat,
  type TrackingPlanStatusResponse,
} from '@tracklens/contracts';
import type { LatestTrackingPlan } from '@tracklens/contracts/clients';
import { defaultIgluVendor, writeExport, type ExportFile } from '../exports/plan-exports';
import type { PlanRecord, PlanningStore, ProductDirectory, QuotaGate } from './ports';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PLAN_NOT_FOUND = 'Tracking plan not found';
export const PLAN_STILL_GENERATING = 'Tracking plan is still generating';
export const PLAN_NOT_READY = 'Tracking plan is not ready yet';

export interface PlanningOptions {
  store: PlanningStore;
  products: ProductDirectory;
  quota: QuotaGate;
  logger: Pick<Logger, 'warn'>;
  /** Called after a transaction stored events or jobs, so they are handled now rather than at the next poll. */
  eventsStored?: () => void;
  clock?: () => Date;
}

export class Planning {
  private readonly clock: () => Date;
  private readonly starts = new KeyedQueue();

  constructor(private readonly options: PlanningOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  /**
   * One generation per product at a time: a generating plan answers 'generating'; otherwise one unit of quota is
   * reserved for the new plan (billing is asked before the database transaction, never inside it), then the plan and
   * the job that does the work commit together under the product's lock, and the reservation is confirmed. A
   * reservation whose plan did not commit is released; one left by a crash in between expires at billing.
   */
  async startGeneration(userId: string, productId: string | null): Promise<GenerateTrackingPlanResponse> {
    if (!productId) throw errors.notFound(PRODUCT_NOT_FOUND);
    const product = await this.options.products.getProduct(userId, productId);
    // A double click in this process waits for the first start and finds its plan generating, instead of a denial.
    return this.starts.run(product.id, () => this.start(userId, product));
  }

  private async start(userId: string, product: { id: string; name: string }): Promise<GenerateTrackingPlanResponse> {
    const { store, quota } = this.options;
    // Cheap look first: a poll-happy client must not wait on the lock or billing.
    if (await store.findGeneratingPlan(product.id)) return { status: 'generating' };

    const planId = randomUUID();
    const jobId = randomUUID();
    const reservation = await quota.reserve(userId, planId);
    if (!reservation.granted) {
      // Another process of this service may have just started this product's plan with the last unit.
      if (await store.findGeneratingPlan(product.id)) return { status: 'generating' };
      const body = restrictionBody(reservation.denial);
      throw errors.forbidden(body.message, body.code, { error: body.error, upgradeRequired: true });
    }
    const { reservationId } = reservation;
    let answer: GenerateTrackingPlanResponse;
    try {
      answer = await store.withProductLock(product.id, async (locked) => {
        if (await locked.findGeneratingPlan(product.id)) return { status: 'generating' as const };
        await locked.insertPlan({
          id: planId,
          jobId,
          productId: product.id,
          userId,
          title: `${product.name} Tracking Plan`,
          reservationId,
        });
        return { jobId };
      });
    } catch (error) {
      await this.giveBack(reservationId);
      throw error;
    }
    if (!('jobId' in answer)) {
      await this.giveBack(reservationId);
      return answer;
    }
    this.options.eventsStored?.();
    await this.confirm(reservationId, planId);
    return answer;
  }

  /** The plan is recorded; should billing not answer now, the plan's job confirms the reservation when it starts. */
  private async confirm(reservationId: string, planId: string): Promise<void> {
    try {
      await this.options.quota.confirm(reservationId);
    } catch (error) {
      this.options.logger.warn({ err: error, planId, reservationId }, 'tracking plan reservation not confirmed yet');
    }
  }

  /** A reservation billing cannot take back now expires there on its own. */
  private async giveBack(reservationId: string): Promise<void> {
    await this.options.quota.release(reservationId).catch((error: unknown) => {
      this.options.logger.warn({ err: error, reservationId }, 'tracking plan reservation not released; it expires at billing');
    });
  }

  async listPlans(userId: string, productId: string | null): Promise<TrackingPlan[]> {
    const product = await this.ownedProduct(userId, productId);
    return (await this.options.store.listPlans(userId, product.id)).map(toTrackingPlan);
  }

  async status(userId: string, productId: string | null): Promise<TrackingPlanStatusResponse> {
    const product = await this.ownedProduct(userId, productId);
    const current = await this.options.store.currentPlan(userId, product.id);
    if (!current) return { isGenerating: false, trackingPlan: null };
    const { plan, job } = current;
    const progress = plan.status === 'completed' ? 100 : (job?.progress ?? 0);
    return {
      isGenerating: plan.status === 'generating',
      trackingPlan: { id: plan.id, status: plan.status, jobId: plan.jobId, progress },
    };
  }

  /** The product's newest completed plan, for other services; 404 when it has none. */
  async latestCompletedPlan(userId: string, productId: string): Promise<LatestTrackingPlan> {
    const plan = await this.options.store.latestCompletedPlan(userId, productId);
    if (!plan?.content || !plan.completedAt) throw errors.notFound(PLAN_NOT_FOUND);
    return { id: plan.id, title: plan.title, completedAt: plan.completedAt.toISOString(), content: plan.content };
  }

  async deletePlan(userId: string, planId: string | null): Promise<{ success: true; id: string }> {
    const outcome = planId ? await this.options.store.deletePlan(userId, planId) : 'missing';
    if (outcome === 'missing' || !planId) throw errors.notFound(PLAN_NOT_FOUND);
    if (outcome === 'generating') throw errors.conflict(PLAN_STILL_GENERATING, 'PLAN_GENERATING');
    return { success: true, id: planId };
  }

  /**
   * A completed plan in one of the export formats. Snowplow namespaces its schemas with a vendor: the caller's,
   * else one made from the product's name.
   */
  async exportPlan(
    userId: string,
    planId: string | null,
    format: TrackingPlanExportFormat,
    options: { vendor?: string } = {},
  ): Promise<ExportFile> {
    const plan = planId ? await this.options.store.findPlan(userId, planId) : null;
    if (!plan) throw errors.notFound(PLAN_NOT_FOUND);
    if (plan.status !== 'completed' || !plan.content) throw errors.conflict(PLAN_NOT_READY, 'PLAN_NOT_READY');
    const vendor =
      options.vendor ??
      (format === 'snowplow'
        ? defaultIgluVendor((await this.options.products.getProduct(userId, plan.productId)).name)
        : '');
    return writeExport(format, {
      plan: { title: plan.title, content: plan.content, completedAt: plan.completedAt },
      vendor,
      now: this.clock(),
    });
  }

  private async ownedProduct(userId: string, productId: string | null) {
    if (!productId) throw errors.notFound(PRODUCT_NOT_FOUND);
    return this.options.products.getProduct(userId, productId);
  }
}

export function toTrackingPlan(plan: PlanRecord): TrackingPlan {
  return {
    id: plan.id,
    productId: plan.productId,
    title: plan.title,
    status: plan.status,
    createdAt: plan.createdAt.toISOString(),
    completedAt: plan.completedAt ? plan.completedAt.toISOString() : null,
    content: plan.content,
    error: plan.error,
  };
}

/** Runs the tasks of one key one after another (in this process); tasks of different keys run side by side. */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
