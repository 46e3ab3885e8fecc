import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  DATA_EXPORT_INTERVAL_HOURS,
  dataExportDownloadUrl,
  PRIVACY_TEXT,
  type DataExport,
  type DataExportList,
  type StaffDataExport,
} from '@escrow/shared/schemas/privacy';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { dataExports, type DataExportRow } from '../../db/schema/privacy.ts';
import { AppError } from '../../lib/errors.ts';
import type { PrivacyDeps } from './privacy.deps.ts';

const INTERVAL_MS = DATA_EXPORT_INTERVAL_HOURS * 3600_000;
const LISTED = 5;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export const exportNotFound = () => new AppError('NOT_FOUND', PRIVACY_TEXT.exportNotFound);

/** A READY export past its 7 days is EXPIRED to its owner at once, before the purge job removes it. */
export function toDataExport(row: DataExportRow, now: Date): DataExport {
  const expired = row.status === 'READY' && row.expiresAt !== null && row.expiresAt <= now;
  const status = expired ? 'EXPIRED' : row.status;
  return {
    id: row.id,
    status,
    requestedAt: row.createdAt.toISOString(),
    readyAt: iso(row.readyAt),
    expiresAt: iso(row.expiresAt),
    size: status === 'READY' ? row.size : null,
    downloadUrl: status === 'READY' ? dataExportDownloadUrl(row.id) : null,
  };
}

/** When the user may ask again: a day after their last request that did not fail (null: now). */
async function nextRequestAt(db: DbOrTx, userId: string, now: Date): Promise<Date | null> {
  const [last] = await db
    .select({ createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'FAILED')))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  const next = last ? new Date(last.createdAt.getTime() + INTERVAL_MS) : null;
  return next && next > now ? next : null;
}

/**
 * POST /auth/me/export: a PENDING request the scheduler prepares within minutes. One a day: a second
 * request within 24 hours of the last one that did not fail is a 429 saying when to try again. An
 * advisory lock on the user makes two racing requests take turns, so only one passes.
 */
export async function requestExport(
  deps: Pick<PrivacyDeps, 'db' | 'clock'>,
  userId: string,
): Promise<DataExport> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`data-export:${userId}`}))`);
    const next = await nextRequestAt(tx, userId, now);
    if (next) {
      const seconds = Math.ceil((next.getTime() - now.getTime()) / 1000);
      throw new AppError(
        'RATE_LIMITED',
        PRIVACY_TEXT.exportOncePerDayMessage,
        undefined,
        { 'retry-after': String(seconds) },
        { hours: Math.ceil(seconds / 3600) },
      );
    }
    const [inserted] = await tx
      .insert(dataExports)
      .values({ userId, createdAt: now, updatedAt: now })
      .returning();
    return inserted!;
  });
  return toDataExport(row, now);
}

/** GET /auth/me/exports: the user's latest requests, newest first, and when they may ask again. */
export async function listExports(
  deps: Pick<PrivacyDeps, 'db' | 'clock'>,
  userId: string,
): Promise<DataExportList> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(LISTED);
  return {
    exports: rows.map((row) => toDataExport(row, now)),
    nextRequestAt: iso(await nextRequestAt(deps.db, userId, now)),
  };
}

/**
 * The owner's READY, unexpired export, else 404 for everyone (another user and staff alike: an export
 * is the owner's alone, and its existence is not told).
 */
export async function downloadableExport(
  deps: Pick<PrivacyDeps, 'db' | 'clock'>,
  userId: string,
  id: string,
): Promise<DataExportRow & { storageKey: string }> {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)))
    .limit(1);
  if (!row || toDataExport(row, deps.clock.now()).status !== 'READY' || !row.storageKey)
    throw exportNotFound();
  return { ...row, storageKey: row.storageKey };
}

/** Exports the console lists on a user's page. */
const LISTED_FOR_STAFF = 10;

/**
 * A user's exports for the console's user page (docs/privacy.md): states and times, newest first; never
 * the file, its size or a download link (staff cannot download a user's export: the download route
 * answers 404 to anyone but the owner).
 */
export async function exportsForStaff(
  deps: Pick<PrivacyDeps, 'db' | 'clock'>,
  userId: string,
): Promise<StaffDataExport[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(LISTED_FOR_STAFF);
  return rows.map((row) => {
    const { id, status, requestedAt, readyAt, expiresAt } = toDataExport(row, now);
    return {
      id,
      status,
      requestedAt,
      readyAt,
      expiresAt,
      failedAt: status === 'FAILED' ? row.updatedAt.toISOString() : null,
    };
  });
}

/** Closing the account deletes its exports (rows here, files by the caller after commit). */
export async function deleteExportsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .delete(dataExports)
    .where(eq(dataExports.userId, userId))
    .returning({ storageKey: dataExports.storageKey });
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}
