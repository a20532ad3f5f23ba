/**
 * media.video.uploaded → the video enters catalog's read model as 'uploaded' (the product shows it before
 * analysis reports anything); media.video.deleted → it leaves, and the product's status falls back to its
 * other videos (or none).
 */
import { handleValid, type Database, type InboxHandler, type Logger } from '@tracklens/kit';
import { eventEnvelopeSchema, videoDeletedSchema, videoUploadedSchema } from '@tracklens/contracts';
import { z } from 'zod';
import type { Catalog } from '../domain/catalog';

const ids = { productId: z.string().uuid(), userId: z.string().uuid(), videoId: z.string().min(1).max(200) };
const uploadedEnvelope = eventEnvelopeSchema(videoUploadedSchema.extend(ids));
const deletedEnvelope = eventEnvelopeSchema(videoDeletedSchema.extend(ids));

export interface MediaVideoHandlerOptions {
  catalogIn(tx: Database): Catalog;
  logger: Logger;
}

export function onVideoUploaded(options: MediaVideoHandlerOptions): InboxHandler {
  return handleValid(uploadedEnvelope, options.logger, async ({ data, occurredAt }, tx) => {
    await options.catalogIn(tx).recordVideoStatus({
      videoId: data.videoId,
      productId: data.productId,
      userId: data.userId,
      status: 'uploaded',
      progress: null,
      error: null,
      occurredAt: new Date(occurredAt),
    });
  });
}

export function onVideoDeleted(options: MediaVideoHandlerOptions): InboxHandler {
  return handleValid(deletedEnvelope, options.logger, async ({ data }, tx) => {
    await options.catalogIn(tx).forgetVideo(data);
  });
}
