/** media.video.uploaded → the video's analysis run joins the queue (once: the inbox and the run's key both dedupe). */
import { handleValid, type InboxHandler, type Logger } from '@tracklens/kit';
import { eventEnvelopeSchema, videoUploadedSchema } from '@tracklens/contracts';
import { z } from 'zod';
import { queueAnalysis } from '../domain/page-specs';
import type { RunStore } from '../domain/ports';

const id = z.string().min(1).max(200);
const uploadedEnvelope = eventEnvelopeSchema(
  videoUploadedSchema.extend({ videoId: id, productId: id, userId: id, storageKey: z.string().min(1).max(1024) }),
);

export interface VideoUploadedHandlerOptions {
  /** The runs bound to the handler's transaction, so the run commits with the inbox row. */
  runsIn(tx: Parameters<InboxHandler>[1]): RunStore;
  logger: Logger;
}

export function onVideoUploaded(options: VideoUploadedHandlerOptions): InboxHandler {
  return handleValid(uploadedEnvelope, options.logger, async ({ id, type, data }, tx) => {
    const log = { eventId: id, subject: type };
    // A video outside its owner's folder was not registered by media: never read another user's file.
    if (!data.storageKey.startsWith(`users/${data.userId}/`)) {
      options.logger.warn(log, 'media.video.uploaded outside its owner\'s folder dropped');
      return;
    }
    const queued = await queueAnalysis(options.runsIn(tx), data);
    options.logger.info({ ...log, videoId: data.videoId, queued }, queued ? 'analysis queued' : 'analysis already known');
  });
}
