/** media.video.uploaded → the video's upload reservation is confirmed, even when media stopped before confirming it. */
import { handleValid, type Database, type EventSubscription, type Logger } from '@tracklens/kit';
import { eventEnvelopeSchema, subjects, videoUploadedSchema } from '@tracklens/contracts';
import type { Billing } from '../domain/billing';

const uploadedEnvelope = eventEnvelopeSchema(videoUploadedSchema);

export interface VideoUploadedHandlerOptions {
  /** The domain bound to the handler's transaction. */
  billingIn(tx: Database): Billing;
  logger: Logger;
}

export function onVideoUploaded(options: VideoUploadedHandlerOptions): EventSubscription {
  return {
    subject: subjects.videoUploaded,
    name: 'on-video-uploaded',
    handler: handleValid(uploadedEnvelope, options.logger, async ({ data }, tx) => {
      await options.billingIn(tx).confirmUploadedVideo(data);
    }),
  };
}
