import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';

/** How long a message written to DATA_DIR/outbox is kept (docs/privacy.md, "Retention"). */
export const OUTBOX_MAIL_RETENTION_MS = 30 * 24 * 3600_000;

/** The files the mailer writes: `<uuidv7>.eml` and its `<uuidv7>.json` summary (lib/mailer.ts). */
const OUTBOX_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:eml|json)$/;

/**
 * Housekeeping: the e-mails written to the outbox directory (no SMTP_URL) whose file was last written
 * more than 30 days ago are deleted, the .eml and its .json alike. Only the mailer's own file names are
 * touched: anything else an operator put there stays. With SMTP there is no outbox and nothing to do.
 * Each instance clears its own DATA_DIR. At most `maxFiles` a call (the next pass takes the rest).
 * Returns how many files went.
 */
export async function removeOldOutboxMail(
  deps: { mailer: Pick<Mailer, 'outboxDir'>; clock: Clock },
  { maxFiles = 5000 }: { maxFiles?: number } = {},
): Promise<number> {
  const dir = deps.mailer.outboxDir;
  if (!dir) return 0;
  const cutoff = deps.clock.now().getTime() - OUTBOX_MAIL_RETENTION_MS;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return 0; // nothing was ever written
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (removed >= maxFiles) break;
    if (!OUTBOX_FILE.test(name)) continue;
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || info.mtimeMs >= cutoff) continue;
      await unlink(file);
      removed += 1;
    } catch (error) {
      if (!isMissing(error)) throw error; // gone meanwhile: nothing to do
    }
  }
  return removed;
}

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';
