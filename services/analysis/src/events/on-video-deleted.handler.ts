/** media.video.deleted → the run, page specs, frames, knowledge and screenshots of the video go. */
import type { InboxHandler, Logger } from '@tracklens/kit';
import { videoDeletedSchema } from '@tracklens/contracts';
import type { PageSpecs } from '../domain/page-specs';

export interface VideoDeletedHandlerOptions {
  /** The domain bound to the handler's transaction. */
  pageSpecsIn(tx: Parameters<InboxHandler>[1]): PageSpecs;
  logger: Logger;
}

export function onVideoDeleted(options: VideoDeletedHandlerOptions): InboxHandler {
  return async (envelope, tx) => {
    const parsed = videoDeletedSchema.safeParse(envelope.data);
    if (!parsed.success) {
      options.logger.warn({ eventId: envelope.id, subject: envelope.type }, 'invalid media.video.deleted event dropped');
      return;
    }
    await options.pageSpecsIn(tx).forgetVideo(parsed.data);
  };
}
