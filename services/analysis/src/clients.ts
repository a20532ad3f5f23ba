/** The typed clients of other services as analysis's domain ports. */
import type { MediaClient } from '@tracklens/contracts/clients';
import type { VideoDirectory } from './domain/ports';

export function videoDirectory(media: MediaClient): VideoDirectory {
  return { findVideo: (videoId) => media.getVideo(videoId) };
}
