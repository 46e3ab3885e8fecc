import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in.ts';
import { copyUploads } from './uploads.copy.ts';
import { s3Storage } from './uploads.storage-s3.ts';
import type { FileStorage } from './uploads.storage.ts';

const KEYS = ['2025/10/0191f0a0-0000-7000-8000-000000000001', '2025/11/0191f0a0-0000-7000-8000-000000000002'];
const CLI = path.resolve(import.meta.dirname, '../../cli/uploads-copy-to-s3.ts');

/** Moving DATA_DIR/uploads into a bucket: same keys, same bytes, and running it again copies nothing. */
describe('copying DATA_DIR/uploads into a bucket', () => {
  let s3: S3StandIn;
  let bucket: FileStorage;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3StandIn('amana-copy');
    bucket = s3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      timeoutMs: 5000,
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-copy-'));
    KEYS.forEach((key, i) => {
      mkdirSync(path.join(dataDir, 'uploads', path.dirname(key)), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads', key), Buffer.alloc(1000 * (i + 1), i + 1));
    });
    writeFileSync(path.join(dataDir, 'uploads', `${KEYS[0]}.1234.partial`), 'left by a crash');
  });
  afterAll(async () => {
    bucket.close();
    await s3.close();
  });

  const bytesOf = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of (await bucket.open(key)).body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('copies each upload under its key, skips what is already there, redoes a different size', async () => {
    const first = await copyUploads(path.join(dataDir, 'uploads'), bucket);
    expect(first).toEqual({ copied: 2, skipped: 0, ignored: [`${KEYS[0]}.1234.partial`] });
    expect(await bytesOf(KEYS[1]!)).toEqual(Buffer.alloc(2000, 2));
    expect((await copyUploads(path.join(dataDir, 'uploads'), bucket)).copied).toBe(0);
    // An object cut short (an interrupted copy by other means) is copied again.
    await bucket.write(KEYS[0]!, Readable.from([Buffer.from('short')]));
    expect(await copyUploads(path.join(dataDir, 'uploads'), bucket)).toMatchObject({ copied: 1, skipped: 1 });
    expect(await bytesOf(KEYS[0]!)).toEqual(Buffer.alloc(1000, 1));
  });

  it('runs as npm run uploads:copy-to-s3 with the S3 settings from the environment', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', CLI, '--data-dir', dataDir, '--quiet'],
      { env: { ...process.env, ...s3.env, NODE_OPTIONS: '--no-warnings' }, timeout: 60_000 },
    );
    expect(stdout).toContain('Done: 0 copied, 2 already in s3://amana-copy, 1 ignored');
  }, 90_000);
});
