/** analysis.video.* and analysis.pagespecs.ready → the video's status in catalog's read model and its product's analysisStatus. */
import { handleValid, type Database, type InboxHandler, type Logger } from '@tracklens/kit';
import { eventEnvelopeSchema, videoAnalysisStatusChangedSchema } from '@tracklens/contracts';
import { z } from 'zod';
import type { Catalog, VideoStatusChange } from '../domain/catalog';

// catalog's ids are uuids: any other product or user id cannot name a product here.
const statusChangedEnvelope = eventEnvelopeSchema(
  videoAnalysisStatusChangedSchema.extend({
    videoId: z.string().min(1).max(200),
    productId: z.string().uuid(),
    userId: z.string().uuid(),
  }),
);

export interface VideoStatusHandlerOptions {
  /** The domain bound to the handler's transaction, so the change commits with the inbox row. */
  catalogIn(tx: Database): Catalog;
  logger: Logger;
}

export function onVideoAnalysisStatusChanged(options: VideoStatusHandlerOptions): InboxHandler {
  return handleValid(statusChangedEnvelope, options.logger, async (event, tx) => {
    const log = { eventId: event.id, subject: event.type };
    const outcome = await options.catalogIn(tx).recordVideoStatus(toChange(event));
    if (outcome === 'unknown-product') {
      options.logger.debug(log, 'analysis status event for an unknown product ignored');
    } else if (outcome === 'stale') {
      options.logger.debug(log, 'stale analysis status event ignored');
    }
  });
}

function toChange(envelope: z.infer<typeof statusChangedEnvelope>): VideoStatusChange {
  const { data } = envelope;
  return {
    videoId: data.videoId,
    productId: data.productId,
    userId: data.userId,
    status: data.status,
    progress: data.progress === undefined ? null : Math.round(data.progress),
    error: data.error ?? null,
    occurredAt: new Date(envelope.occurredAt),
  };
}
