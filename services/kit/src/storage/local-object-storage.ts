/** Object storage on local disk (DATA_DIR/objects): development and the all-in-one runner. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ObjectNotFoundError,
  assertValidObjectKey,
  writeNewFile,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
  type UploadTargetOptions,
  type UploadTargetUrl,
} from './object-storage';

/** A write in progress is `<target><PART_MARK><uuid>` until it is renamed onto the target. */
const PART_MARK = '.part-';

/** Local disk has no URL a browser can PUT to: the owning service signs one for its own upload route. */
export type LocalUploadTargets = (key: string, options: UploadTargetOptions) => Promise<UploadTargetUrl>;

export interface LocalObjectStorageOptions {
  dir: string;
  uploadTargets?: LocalUploadTargets;
}

export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly dir: string;

  constructor(private readonly options: LocalObjectStorageOptions) {
    this.dir = path.resolve(options.dir);
    fs.mkdirSync(this.dir, { recursive: true });
  }

  async putStream(key: string, body: Readable, options: PutOptions = {}): Promise<ObjectInfo> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed at the end, so a cut stream never shows under the key.
    const partial = `${target}${PART_MARK}${randomUUID()}`;
    try {
      await writeNewFile(body, partial, options.maxBytes);
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    return infoOf(await fs.promises.stat(target));
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    const handle = await fs.promises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' || error.code === 'EISDIR' ? new ObjectNotFoundError(key) : error;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const stat = await fs.promises.stat(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
      throw error;
    });
    return stat?.isFile() ? infoOf(stat) : null;
  }

  /** Also removes what a process that died mid-write left beside the object: its partial files. */
  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.rm(target, { force: true });
    const folder = path.dirname(target);
    const partial = `${path.basename(target)}${PART_MARK}`;
    const names = await fs.promises.readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
    await Promise.all(names.filter((name) => name.startsWith(partial)).map((name) => fs.promises.rm(path.join(folder, name), { force: true })));
  }

  createUploadTarget(key: string, options: UploadTargetOptions): Promise<UploadTargetUrl> {
    assertValidObjectKey(key);
    if (!this.options.uploadTargets) return Promise.reject(new Error('This local storage takes no direct uploads'));
    return this.options.uploadTargets(key, options);
  }

  async readLocation(key: string): Promise<string> {
    return this.pathOf(key);
  }

  private pathOf(key: string): string {
    assertValidObjectKey(key);
    const resolved = path.resolve(this.dir, ...key.split('/'));
    // The key check already forbids it; this is the second lock on the door.
    if (!resolved.startsWith(this.dir + path.sep)) throw new Error(`Object key leaves the storage folder: ${key}`);
    return resolved;
  }
}

function infoOf(stat: fs.Stats): ObjectInfo {
  return {
    size: stat.size,
    contentType: undefined,
    etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    lastModified: stat.mtime,
  };
}
