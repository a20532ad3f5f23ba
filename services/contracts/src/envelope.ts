import { z } from 'zod';

/** The envelope every event travels in (ARCHITECTURE §4). */
export const eventEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    id: z.string().uuid(),
    type: z.string().min(1),
    version: z.number().int().positive(),
    occurredAt: z.string().datetime(),
    producer: z.string().min(1),
    requestId: z.string().optional(),
    data,
  });

/** Subjects of every event, `<service>.<entity>.<past-tense verb>`. */
export const subjects = {
  userRegistered: 'identity.user.registered',
  productCreated: 'catalog.product.created',
  productUpdated: 'catalog.product.updated',
  videoUploaded: 'media.video.uploaded',
  videoDeleted: 'media.video.deleted',
  /** Every analysis status change: `analysis.video.progressed|failed|completed`, `analysis.pagespecs.ready` carries the same payload. */
  videoAnalysisAll: 'analysis.video.*',
  videoProgressed: 'analysis.video.progressed',
  videoFailed: 'analysis.video.failed',
  videoCompleted: 'analysis.video.completed',
  pageSpecsReady: 'analysis.pagespecs.ready',
  subscriptionChanged: 'billing.subscription.changed',
  usageChanged: 'billing.usage.changed',
} as const;
