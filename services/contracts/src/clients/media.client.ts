/** media.v1.MediaService for analysis: a registered video, known to media before its upload event travels. */
import { z } from 'zod';
import { AppError } from '@tracklens/kit';
import { connect, type ClientConfig } from './connect';

const replySchema = z.object({
  video: z.object({
    id: z.string().min(1),
    product_id: z.string().min(1),
    user_id: z.string().min(1),
    storage_key: z.string().min(1),
  }),
});

/** What a consumer needs of a registered video: whose it is and where its bytes are. */
export interface MediaVideo {
  videoId: string;
  productId: string;
  userId: string;
  storageKey: string;
}

export interface MediaClient {
  /** The video media registered; null when media knows no such video. */
  getVideo(videoId: string): Promise<MediaVideo | null>;
  close(): void;
}

export function mediaClient(config: ClientConfig): MediaClient {
  const client = connect(config, 'media');
  return {
    async getVideo(videoId) {
      try {
        const { video } = await client.call('GetVideo', { video_id: videoId }, replySchema);
        return { videoId: video.id, productId: video.product_id, userId: video.user_id, storageKey: video.storage_key };
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
    close: () => client.close(),
  };
}
