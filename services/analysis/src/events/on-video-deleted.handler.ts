/** media.video.deleted → the run, page specs, frames, knowledge and screenshots of the video go. */
import { handleValid, type InboxHandler, type Logger } from '@tracklens/kit';
import { eventEnvelopeSchema, videoDeletedSchema } from '@tracklens/contracts';
import type { PageSpecs } from '../domain/page-specs';

const deletedEnvelope = eventEnvelopeSchema(videoDeletedSchema);

export interface VideoDeletedHandlerOptions {
  /** The domain bound to the handler's transaction. */
  pageSpecsIn(tx: Parameters<InboxHandler>[1]): PageSpecs;
  logger: Logger;
}

export function onVideoDeleted(options: VideoDeletedHandlerOptions): InboxHandler {
  return handleValid(deletedEnvelope, options.logger, async ({ data }, tx) => {
    await options.pageSpecsIn(tx).forgetVideo(data);
  });
}
