/** media.v1.MediaService: a product's videos and where one video's bytes are (asked by analysis and others). */
import { errors, loadGrpcService, type GrpcServiceBinding } from '@tracklens/kit';
import { UPLOAD_MESSAGES } from '@tracklens/contracts';
import { z } from 'zod';
import type { VideoRecord } from '../domain/ports';
import type { Videos } from '../domain/videos';

const listVideosRequest = z.object({ product_id: z.string() });
const getVideoRequest = z.object({ video_id: z.string() });
const uuid = z.string().uuid();

export function mediaGrpc(protoDir: string, videos: Videos): GrpcServiceBinding {
  return {
    service: loadGrpcService(protoDir, 'media/v1/media.proto', 'media.v1.MediaService'),
    implementation: {
      ListVideos: async (request: unknown) => {
        const parsed = listVideosRequest.safeParse(request);
        // An id that is not a uuid names no product: an empty list, as for an unknown one.
        if (!parsed.success || !uuid.safeParse(parsed.data.product_id).success) return { videos: [] };
        return { videos: (await videos.listForProduct(parsed.data.product_id)).map(toMessage) };
      },
      GetVideo: async (request: unknown) => {
        const parsed = getVideoRequest.safeParse(request);
        if (!parsed.success || !uuid.safeParse(parsed.data.video_id).success) throw errors.notFound(UPLOAD_MESSAGES.videoNotFound);
        return { video: toMessage(await videos.get(parsed.data.video_id)) };
      },
    },
  };
}

function toMessage(video: VideoRecord) {
  return {
    id: video.id,
    product_id: video.productId,
    user_id: video.userId,
    original_name: video.originalName,
    file_size: video.fileSize,
    content_type: video.contentType,
    duration_sec: video.durationSec,
    analysis_status: video.analysisStatus,
    storage_key: video.storageKey,
    created_at: video.createdAt.toISOString(),
  };
}
