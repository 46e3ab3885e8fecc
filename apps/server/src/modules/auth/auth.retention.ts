import { inArray, lt, or } from 'drizzle-orm';
import { sessions } from '../../db/schema/users.ts';
import type { AuthDeps } from './auth.deps.ts';

/**
 * How long a session that ended is kept (docs/privacy.md, "Retention"): its row is the sign-in history
 * (device, address, when), shown in "Download my data" and read for "last signed in".
 */
export const ENDED_SESSION_RETENTION_MS = 90 * 24 * 3600_000;

export type RetentionBatches = {
  /** Rows deleted by one statement (one short transaction). */
  batchSize?: number;
  /** Statements per call: a larger backlog is taken up by the next housekeeping. */
  maxBatches?: number;
};

/**
 * Housekeeping: deletes sessions that ended more than 90 days ago, expired (`expires_at`) or revoked
 * (sign-out, password change, suspension, closing; `revoked_at`), whichever came first. A live session
 * (neither expired nor revoked) is never touched, however old. Batches of rows claimed with SKIP LOCKED,
 * each its own statement, so instances running this together take different rows and a long backlog
 * holds no long transaction. Returns how many went.
 *
 * `sessions_expires_at_idx` and `sessions_revoked_at_idx` (migration 0026) answer the two conditions.
 */
export async function removeEndedSessions(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  { batchSize = 1000, maxBatches = 20 }: RetentionBatches = {},
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - ENDED_SESSION_RETENTION_MS);
  let removed = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const ended = deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const batch = await deps.db
      .delete(sessions)
      .where(inArray(sessions.id, ended))
      .returning({ id: sessions.id });
    removed += batch.length;
    if (batch.length < batchSize) break;
  }
  return removed;
}
