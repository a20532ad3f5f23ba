/**
 * planning.trackingplan.requested → the tracking-plan job. Generation is long work (a model call can take
 * minutes), so it does not run inside the inbox transaction that `serve` wraps subscriptions in: that would
 * hold a database transaction (and PGlite's only connection) for the whole call and hide progress until the
 * end. The job is keyed by its plan instead (see TrackingPlanJob) and records the inbox row with its outcome.
 * The event is acknowledged only after the outcome commits; a process that dies mid-job never acknowledges
 * it, and a stopping service aborts its jobs so the bus delivers them again to the next one.
 */
import {
  eventEnvelopeSchema,
  planningSubjects,
  trackingPlanRequestedSchema,
} from '@tracklens/contracts';
import type { EventBus, EventEnvelope, DeliveryInfo, Logger, Subscription } from '@tracklens/kit';
import { z } from 'zod';
import type { JobOutcome, TrackingPlanJob } from '../domain/generation-job';

const requestedEnvelope = eventEnvelopeSchema(
  trackingPlanRequestedSchema.extend({
    planId: z.string().uuid(),
    jobId: z.string().uuid(),
    productId: z.string().uuid(),
    userId: z.string().uuid(),
  }),
);

export interface TrackingPlanWorkerOptions {
  bus: EventBus;
  job: TrackingPlanJob;
  logger: Logger;
  /** Deliveries before the bus dead-letters an event: the last one fails the plan instead of retrying. */
  maxDeliveries: number;
  /** Request again, at start, every plan left generating (for a bus that loses events with the process). */
  resumeOnStart: boolean;
}

export const TRACKING_PLAN_CONSUMER = 'planning-generate-tracking-plan';

export class TrackingPlanWorker {
  private subscription: Subscription | undefined;
  private readonly running = new Map<AbortController, Promise<unknown>>();
  /** Jobs in flight here by plan: another delivery for the same plan shares the first one's outcome. */
  private readonly inFlight = new Map<string, Promise<JobOutcome>>();
  private stopping = false;

  constructor(private readonly options: TrackingPlanWorkerOptions) {}

  async start(): Promise<void> {
    this.subscription = await this.options.bus.subscribe(
      { durable: TRACKING_PLAN_CONSUMER, subject: planningSubjects.trackingPlanRequested, maxDeliveries: this.options.maxDeliveries },
      (envelope, delivery) => this.handle(envelope, delivery),
    );
    if (this.options.resumeOnStart) {
      const resumed = await this.options.job.resumeInterrupted();
      if (resumed > 0) this.options.logger.info({ resumed }, 'tracking plans left generating requested again');
    }
  }

  /** Stops taking events and aborts the jobs in flight; their events stay unacknowledged for redelivery. */
  async stop(): Promise<void> {
    this.stopping = true;
    // Unsubscribe first (in-process: at once; NATS: once the handlers below have returned).
    const unsubscribed = this.subscription?.stop();
    for (const controller of this.running.keys()) controller.abort(new Error('planning is stopping'));
    await Promise.allSettled(this.running.values());
    await unsubscribed;
  }

  private async handle(envelope: EventEnvelope, delivery: DeliveryInfo): Promise<void> {
    if (this.stopping) throw new Error('planning is stopping');
    const log = { eventId: envelope.id, subject: delivery.subject, durable: TRACKING_PLAN_CONSUMER };
    const parsed = requestedEnvelope.safeParse(envelope);
    if (!parsed.success) {
      // Redelivering a malformed event can never succeed: acknowledge it and say why.
      this.options.logger.warn({ ...log, issues: parsed.error.issues }, 'invalid tracking plan request dropped');
      return;
    }
    const { data } = parsed.data;
    const already = this.inFlight.get(data.planId);
    if (already) {
      // A redelivery (JetStream's ack wait ran out during a long model call) or a resumed request: doing the
      // work twice gains nothing, and acknowledging now could drop the retry should the first attempt fail.
      this.options.logger.debug({ ...log, jobId: data.jobId }, 'tracking plan job already running here');
      await already;
      return;
    }
    const controller = new AbortController();
    const work = this.options.job.run(data, {
      eventId: envelope.id,
      subject: delivery.subject,
      consumer: TRACKING_PLAN_CONSUMER,
      lastAttempt: delivery.deliveryCount >= this.options.maxDeliveries,
      signal: controller.signal,
    });
    this.running.set(controller, work);
    this.inFlight.set(data.planId, work);
    try {
      const outcome = await work;
      this.options.logger.info({ ...log, jobId: data.jobId, userId: data.userId, outcome }, 'tracking plan job finished');
    } finally {
      this.running.delete(controller);
      this.inFlight.delete(data.planId);
    }
  }
}
