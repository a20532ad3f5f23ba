/** media.video.uploaded → the video's analysis run joins the queue (once: the inbox and the run's key both dedupe). */
import type { InboxHandler, Logger } from '@tracklens/kit';
import { videoUploadedSchema } from '@tracklens/contracts';
import { z } from 'zod';
import { queueAnalysis } from '../domain/page-specs';
import type { RunStore } from '../domain/ports';

const id = z.string().min(1).max(200);
const uploaded = videoUploadedSchema.extend({ videoId: id, productId: id, userId: id, storageKey: z.string().min(1).max(1024) });

export interface VideoUploadedHandlerOptions {
  /** The runs bound to the handler's transaction, so the run commits with the inbox row. */
  runsIn(tx: Parameters<InboxHandler>[1]): RunStore;
  logger: Logger;
}

export function onVideoUploaded(options: VideoUploadedHandlerOptions): InboxHandler {
  return async (envelope, tx) => {
    const log = { eventId: envelope.id, subject: envelope.type };
    const parsed = uploaded.safeParse(envelope.data);
    // A video outside its owner's folder was not registered by media: never read another user's file.
    if (!parsed.success || !parsed.data.storageKey.startsWith(`users/${parsed.data.userId}/`)) {
      options.logger.warn(log, 'invalid media.video.uploaded event dropped');
      return;
    }
    const queued = await queueAnalysis(options.runsIn(tx), parsed.data);
    options.logger.info({ ...log, videoId: parsed.data.videoId, queued }, queued ? 'analysis queued' : 'analysis already known');
  };
}
