import path from 'node:path';
import type { AppConfig } from '../../config/env.ts';
import { tracingActive, withProviderSpan } from '../../lib/tracing.ts';
import type { FileStorage } from './uploads.storage.ts';
import { diskStorage } from './uploads.storage-disk.ts';
import { s3Storage } from './uploads.storage-s3.ts';

/** The store STORAGE names: DATA_DIR/uploads on disk (default) or the S3_BUCKET of an S3-compatible store. */
export function createFileStorage(config: AppConfig): FileStorage {
  if (config.STORAGE === 'disk') return diskStorage(path.join(config.dataDir, 'uploads'));
  return withSpans(s3Storage(s3OptionsOf(config)));
}

/**
 * With tracing on, each call to the bucket is a span 's3 write' (open, size, remove): the operation
 * only, never the key or bucket. `open` ends when the object's answer starts, before its bytes stream.
 */
function withSpans(storage: FileStorage): FileStorage {
  if (!tracingActive()) return storage;
  return {
    ...storage,
    write: (key, body) => withProviderSpan('s3', 'write', () => storage.write(key, body)),
    open: (key) => withProviderSpan('s3', 'open', () => storage.open(key)),
    size: (key) => withProviderSpan('s3', 'size', () => storage.size(key)),
    remove: (key) => withProviderSpan('s3', 'remove', () => storage.remove(key)),
  };
}

export function s3OptionsOf(config: AppConfig) {
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    timeoutMs: config.S3_TIMEOUT_MS,
  };
}
