/** analysis.video.* and analysis.pagespecs.ready → the video's analysisStatus in media's read model. */
import { handleValid, type Database, type InboxHandler, type Logger } from '@tracklens/kit';
import { eventEnvelopeSchema, videoAnalysisStatusChangedSchema } from '@tracklens/contracts';
import { z } from 'zod';
import type { Videos } from '../domain/videos';

// media's ids are uuids: any other id cannot name a video here.
const statusChangedEnvelope = eventEnvelopeSchema(
  videoAnalysisStatusChangedSchema.extend({ videoId: z.string().uuid(), productId: z.string().uuid(), userId: z.string().uuid() }),
);

export interface VideoStatusHandlerOptions {
  /** The domain bound to the handler's transaction, so the change commits with the inbox row. */
  videosIn(tx: Database): Videos;
  logger: Logger;
}

export function onVideoAnalysisStatusChanged(options: VideoStatusHandlerOptions): InboxHandler {
  return handleValid(statusChangedEnvelope, options.logger, async ({ id, type, data, occurredAt }, tx) => {
    const outcome = await options.videosIn(tx).recordAnalysisStatus({
      videoId: data.videoId,
      productId: data.productId,
      userId: data.userId,
      status: data.status,
      progress: data.progress === undefined ? null : Math.round(data.progress),
      occurredAt: new Date(occurredAt),
    });
    const log = { eventId: id, subject: type };
    if (outcome === 'unknown-video') options.logger.debug(log, 'analysis status event for an unknown video ignored');
    if (outcome === 'stale') options.logger.debug(log, 'stale analysis status event ignored');
  });
}
