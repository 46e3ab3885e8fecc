import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkedKey, StorageError, type FileStorage } from './uploads.storage.ts';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';
const unavailable = (error: unknown) =>
  new StorageError('unavailable', `file storage failed: ${(error as Error).message}`, { cause: error });

/** Files under `root` (DATA_DIR/uploads): written to a temporary name, renamed when complete. */
export function diskStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    kind: 'disk',
    async write(key: string, body: Readable) {
      const file = fileOf(key);
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {});
        // The body's own failure (a size or type check) goes up as it is.
        if (body.errored) throw body.errored;
        throw unavailable(error);
      }
    },
    async open(key: string) {
      try {
        const handle = await open(fileOf(key), 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        if (isMissing(error)) throw new StorageError('missing', `no file ${key}`);
        throw unavailable(error);
      }
    },
    async size(key: string) {
      try {
        return (await stat(fileOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error);
      }
    },
    async remove(key: string) {
      try {
        await rm(fileOf(key), { force: true });
      } catch (error) {
        throw unavailable(error);
      }
    },
    close() {},
  };
}
