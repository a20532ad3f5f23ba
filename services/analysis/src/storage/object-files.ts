/** The videos to analyse and the screenshots analysis stores, in the object storage of the deployment. */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ObjectNotFoundError, isValidObjectKey, type ObjectStorage } from '@tracklens/kit';
import { MissingVideoError, type ScreenshotStore, type VideoFiles } from '../domain/ports';

/**
 * A local object is read where it lies. A remote one is downloaded into the run's folder first: ffmpeg
 * reads the video several times, and a presigned URL could expire between the passes.
 */
export function objectVideoFiles(storage: ObjectStorage): VideoFiles {
  return {
    async localPath(storageKey, workDir, signal) {
      if (!isValidObjectKey(storageKey)) throw new MissingVideoError(storageKey);
      if (storage.kind === 'local') {
        const location = await storage.readLocation(storageKey, 3600);
        if (!(await storage.head(storageKey))) throw new MissingVideoError(storageKey);
        return location;
      }
      const target = path.join(workDir, `video${path.extname(storageKey).toLowerCase().replace(/[^.a-z0-9]/g, '')}`);
      const body = await storage.getStream(storageKey).catch((error: unknown) => {
        throw error instanceof ObjectNotFoundError ? new MissingVideoError(storageKey) : error;
      });
      await pipeline(body, fs.createWriteStream(target), ...(signal ? [{ signal }] : []));
      return target;
    },
  };
}

/** Screenshots live in their owner's folder: users/{user}/products/{product}/screenshots/{video}/{name}.jpg. */
export function objectScreenshots(storage: ObjectStorage): ScreenshotStore {
  return {
    async putScreenshot(run, name, filePath) {
      if (!(await fs.promises.access(filePath).then(() => true, () => false))) return null;
      const key = `users/${run.userId}/products/${run.productId}/screenshots/${safeSegment(run.videoId)}/${name}.jpg`;
      await storage.putStream(key, fs.createReadStream(filePath), { contentType: 'image/jpeg' });
      return key;
    },
    delete: (key) => storage.delete(key),
  };
}

function safeSegment(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._-]+/, '') || 'video';
}
