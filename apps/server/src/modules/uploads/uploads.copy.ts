import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_KEY_PATTERN, type FileStorage } from './uploads.storage.ts';

export type CopyReport = { copied: number; skipped: number; ignored: string[] };

/**
 * Copies the files of a disk store (DATA_DIR/uploads) into another store under the same keys, so the
 * rows that name them need no change. Idempotent: an object already there with the same size is skipped,
 * so an interrupted copy is finished by running it again. Files that are not uploads (a `.partial` left
 * by a crash, anything else) are listed as ignored.
 */
export async function copyUploads(
  sourceRoot: string,
  target: FileStorage,
  onFile: (key: string, action: 'copied' | 'skipped') => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, ignored: [] };
  const entries = await readdir(sourceRoot, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(sourceRoot, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  for (const key of files) {
    if (!STORAGE_KEY_PATTERN.test(key)) {
      report.ignored.push(key);
      continue;
    }
    const file = path.join(sourceRoot, key);
    const { size } = await stat(file);
    if ((await target.size(key)) === size) {
      report.skipped += 1;
      onFile(key, 'skipped');
      continue;
    }
    await target.write(key, createReadStream(file));
    report.copied += 1;
    onFile(key, 'copied');
  }
  return report;
}
