import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import { DATA_EXPORT_TTL_DAYS, PRIVACY_TEXT } from '@escrow/shared/schemas/privacy';
import { dataExports, type DataExportRow } from '../../db/schema/privacy.ts';
import { translate } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-compose.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { loadUser } from '../auth/index.ts';
import { createNotification, pushNotification } from '../notifications/index.ts';
import type { PrivacyDeps } from './privacy.deps.ts';
import { writeExportArchive } from './privacy.export-archive.ts';

const DAY_MS = 86_400_000;
/** A build not finished this long after it was claimed (the instance died) is claimed again. */
const BUILD_LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
/** Exports built per scheduler pass: each reads a whole account, so a pass stays short. */
const PER_PASS = 2;
const PROFILE_LINK = '/app/profile';
const PROFILE_LINK_LABEL = msg('Open Profile → Privacy');

const storageKeyOf = (row: DataExportRow) => {
  const at = row.createdAt;
  return `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${row.id}`;
};

/**
 * Claims the oldest PENDING export that no instance is building (never tried, or its lease ran out):
 * the claim counts an attempt and starts the lease, in one short transaction (SKIP LOCKED), so the
 * build itself runs outside any transaction and two instances never build the same export.
 */
async function claimNext(deps: Pick<PrivacyDeps, 'db' | 'clock'>): Promise<DataExportRow | null> {
  const now = deps.clock.now();
  const leaseOver = new Date(now.getTime() - BUILD_LEASE_MS);
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.status, 'PENDING'),
          or(eq(dataExports.attempts, 0), lte(dataExports.updatedAt, leaseOver)),
        ),
      )
      .orderBy(asc(dataExports.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(dataExports)
      .set({ attempts: sql`${dataExports.attempts} + 1`, updatedAt: now })
      .where(eq(dataExports.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

/** The notification (in the same transaction as the status) and, after commit, its push and e-mail. */
async function settle(
  deps: PrivacyDeps,
  row: DataExportRow,
  outcome: { status: 'READY'; size: number; storageKey: string } | { status: 'FAILED' },
) {
  const now = deps.clock.now();
  const ready = outcome.status === 'READY';
  const note = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(dataExports)
      .set(
        ready
          ? {
              status: 'READY',
              storageKey: outcome.storageKey,
              size: outcome.size,
              readyAt: now,
              expiresAt: new Date(now.getTime() + DATA_EXPORT_TTL_DAYS * DAY_MS),
              updatedAt: now,
            }
          : { status: 'FAILED', updatedAt: now },
      )
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'PENDING')))
      .returning({ id: dataExports.id });
    if (!updated) return null;
    return createNotification(tx, {
      userId: row.userId,
      transactionId: null,
      type: 'SYSTEM',
      priority: ready ? 'HIGH' : 'MEDIUM',
      title: ready ? PRIVACY_TEXT.exportReadyTitle : PRIVACY_TEXT.exportFailedTitle,
      message: ready ? PRIVACY_TEXT.exportReadyMessageMessage : PRIVACY_TEXT.exportFailedMessage,
      params: { days: DATA_EXPORT_TTL_DAYS },
      metadata: { link: PROFILE_LINK, linkLabel: PROFILE_LINK_LABEL, exportId: row.id },
    });
  });
  if (!note) return false;
  pushNotification(deps.realtime, note);
  // Sent whatever the notification preferences: it answers the user's own request. In the user's saved
  // language, as the notification (its title and message) is written.
  const user = await loadUser(deps.db, row.userId);
  const language = user.language ?? 'en';
  await deps.mailer
    .send(
      composeMail(
        user.email,
        note.title,
        [translate(language, msg('Hello {firstName},'), { firstName: user.firstName }), note.message],
        { href: `${deps.config.publicUrl}${PROFILE_LINK}`, label: translate(language, PROFILE_LINK_LABEL) },
        language,
      ),
    )
    .catch((error: unknown) => deps.log.error({ err: error, exportId: row.id }, 'data export e-mail failed'));
  return true;
}

/**
 * Builds due exports (docs/privacy.md): each claimed request's ZIP goes into file storage, then the
 * export is READY for 7 days and the user is told by notification and e-mail. A failed build is tried
 * again on a later pass (after the lease), up to 3 times, then FAILED and the user is told to ask
 * again. Returns how many became ready.
 */
export async function prepareDueExports(deps: PrivacyDeps): Promise<number> {
  let prepared = 0;
  for (let n = 0; n < PER_PASS; n += 1) {
    const row = await claimNext(deps);
    if (!row) break;
    const storageKey = storageKeyOf(row);
    try {
      const size = await writeExportArchive(deps, row.userId, storageKey);
      if (await settle(deps, row, { status: 'READY', size, storageKey })) prepared += 1;
      // Closed (or otherwise gone) meanwhile: the file must not outlive the request.
      else await deps.storage.remove(storageKey);
    } catch (error) {
      deps.log.error({ err: error, exportId: row.id, attempt: row.attempts }, 'data export failed');
      await deps.storage.remove(storageKey).catch(() => undefined);
      if (row.attempts >= MAX_ATTEMPTS) await settle(deps, row, { status: 'FAILED' });
    }
  }
  return prepared;
}

/**
 * Deletes exports whose 7 days are over: the file from storage, then the row becomes EXPIRED (a store
 * that fails leaves the row READY for the next pass; the download already answers 404). Returns how
 * many expired.
 */
export async function expireDueExports(
  deps: Pick<PrivacyDeps, 'db' | 'clock' | 'storage' | 'log'>,
): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, 'READY'), lte(dataExports.expiresAt, now)))
    .orderBy(asc(dataExports.expiresAt))
    .limit(100);
  let expired = 0;
  for (const row of due) {
    try {
      if (row.storageKey) await deps.storage.remove(row.storageKey);
    } catch (error) {
      deps.log.error({ err: error, exportId: row.id }, 'expired data export could not be removed yet');
      continue;
    }
    const done = await deps.db
      .update(dataExports)
      .set({ status: 'EXPIRED', storageKey: null, size: null, updatedAt: now })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'READY')))
      .returning({ id: dataExports.id });
    expired += done.length;
  }
  return expired;
}

/** One scheduler job for both: build what is due, delete what expired. */
export async function runDataExportJobs(
  deps: PrivacyDeps,
): Promise<{ exportsPrepared: number; exportsExpired: number }> {
  return { exportsPrepared: await prepareDueExports(deps), exportsExpired: await expireDueExports(deps) };
}
