import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkedKey, StorageError, type FileStorage } from './uploads.storage.ts';

export type S3StorageOptions = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Each call (connecting, then any wait for bytes) fails after this long instead of hanging. */
  timeoutMs: number;
};

// S3's smallest multipart part: an upload holds at most one part in memory (10 MB files need two parts).
const PART_BYTES = 5 * 1024 * 1024;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((error as Error).name) || statusOf(error) === 404;
const unavailable = (error: unknown) =>
  new StorageError(
    'unavailable',
    `object storage failed: ${(error as Error).name}: ${(error as Error).message}`,
    {
      cause: error,
    },
  );

export function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    maxAttempts: 2,
    // Without throwOnRequestTimeout a request past its timeout only logs a warning and waits on.
    requestHandler: {
      connectionTimeout: options.timeoutMs,
      requestTimeout: options.timeoutMs,
      throwOnRequestTimeout: true,
    },
    // Checksums only where S3 requires them: S3-compatible stores (older MinIO, Ceph, R2, test stand-ins)
    // do not all understand the SDK's default trailing checksums on streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Objects in one bucket of an S3-compatible store (AWS S3, MinIO, R2, Spaces, …). */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const client = s3Client(options);
  const Bucket = options.bucket;
  const deadline = () => ({ abortSignal: AbortSignal.timeout(options.timeoutMs * 2) });
  return {
    kind: 's3',
    async write(key: string, body: Readable) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedKey(key), Body: body },
        queueSize: 1,
        partSize: PART_BYTES,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The body's own failure (a size or type check) goes up as it is.
        if (body.errored) throw body.errored;
        throw unavailable(error);
      }
    },
    async open(key: string) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) throw new StorageError('missing', `no object ${key}`);
        throw unavailable(error);
      }
    },
    async size(key: string) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }), deadline());
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error);
      }
    },
    async remove(key: string) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }), deadline());
      } catch (error) {
        if (isMissing(error)) return;
        throw unavailable(error);
      }
    },
    close: () => client.destroy(),
  };
}
