/** Opens the object storage the config names; one code path for every mode (ARCHITECTURE §2). */
import type { Config } from '../config';
import { ConfigError } from '../config';
import { LocalObjectStorage, type LocalUploadTargets } from './local-object-storage';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

export * from './object-storage';
export { LocalObjectStorage, type LocalUploadTargets } from './local-object-storage';
export { S3ObjectStorage } from './s3-object-storage';

export interface OpenObjectStorageOptions {
  /** How the local adapter hands out upload URLs (the media service's signed route). */
  localUploadTargets?: LocalUploadTargets;
}

/** S3 when S3_BUCKET is set, local disk under DATA_DIR/objects otherwise; production refuses local disk. */
export function openObjectStorage(config: Pick<Config, 'storage' | 'isProduction'>, options: OpenObjectStorageOptions = {}): ObjectStorage {
  const { storage } = config;
  if (storage.kind === 's3') return new S3ObjectStorage(storage);
  if (config.isProduction) {
    throw new ConfigError(['S3_BUCKET: required in production (local object storage is for development)']);
  }
  return new LocalObjectStorage({ dir: storage.dir, ...(options.localUploadTargets ? { uploadTargets: options.localUploadTargets } : {}) });
}
