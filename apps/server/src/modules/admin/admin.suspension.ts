import { ADMIN_TEXT, type AuditAction } from '@escrow/shared/schemas/admin';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { recordAudit } from '../audit/index.ts';
import {
  lockAccountRow,
  reinstateAccountRow,
  setVerificationLevelRow,
  suspendAccountRow,
  type TokenService,
  type UserRow,
} from '../auth/index.ts';
import { userNotFound } from './admin.users.ts';

export type AccountDeps = {
  db: Db;
  clock: Clock;
  tokens: Pick<TokenService, 'invalidateUser'>;
  realtime: Pick<Realtime, 'disconnectUser'>;
};
type Staff = { id: string; requestId: string };

/** A closed account is final (docs/privacy.md): no staff action restores or changes it. */
const accountClosed = () => new AppError('CONFLICT', ADMIN_TEXT.accountClosed);

/**
 * Suspends (ADMIN): in ONE database transaction the flag, every session revoked and the audit row; after
 * commit the session cache forgets the user on every instance and their sockets are disconnected, so
 * the account stops at once. Sign-in then answers 403 'Account suspended'.
 */
export async function suspendUser(
  deps: AccountDeps,
  staff: Staff,
  userId: string,
  reason: string,
): Promise<UserRow> {
  if (userId === staff.id) throw badRequest(ADMIN_TEXT.cannotSuspendSelf);
  const updated = await deps.db.transaction(async (tx) => {
    const user = await lockAccountRow(tx, userId);
    if (!user) throw userNotFound();
    if (user.role !== 'USER') throw new AppError('FORBIDDEN', ADMIN_TEXT.cannotSuspendStaff);
    if (user.closedAt) throw accountClosed();
    if (user.suspendedAt) throw new AppError('CONFLICT', ADMIN_TEXT.alreadySuspended);
    const now = deps.clock.now();
    const row = await suspendAccountRow(tx, userId, reason, now);
    await audit(
      tx,
      staff,
      'user.suspend',
      userId,
      { suspendedAt: null },
      { suspendedAt: now.toISOString(), reason },
      now,
    );
    return row;
  });
  deps.tokens.invalidateUser(userId);
  deps.realtime.disconnectUser(userId);
  return updated;
}

/** Reinstates (ADMIN): the flag is cleared and audited; the user signs in again normally. */
export async function reinstateUser(deps: AccountDeps, staff: Staff, userId: string): Promise<UserRow> {
  const updated = await deps.db.transaction(async (tx) => {
    const user = await lockAccountRow(tx, userId);
    if (!user) throw userNotFound();
    if (user.closedAt) throw accountClosed();
    if (!user.suspendedAt) throw new AppError('CONFLICT', ADMIN_TEXT.notSuspended);
    const now = deps.clock.now();
    const row = await reinstateAccountRow(tx, userId, now);
    await audit(
      tx,
      staff,
      'user.reinstate',
      userId,
      { suspendedAt: user.suspendedAt.toISOString(), reason: user.suspensionReason },
      { suspendedAt: null },
      now,
    );
    return row;
  });
  deps.tokens.invalidateUser(userId);
  return updated;
}

/** Sets the verification level (ADMIN), audited with before and after. */
export async function setVerificationLevel(
  deps: AccountDeps,
  staff: Staff,
  userId: string,
  level: UserRow['verificationLevel'],
): Promise<UserRow> {
  const updated = await deps.db.transaction(async (tx) => {
    const user = await lockAccountRow(tx, userId);
    if (!user) throw userNotFound();
    if (user.closedAt) throw accountClosed();
    const now = deps.clock.now();
    const row = await setVerificationLevelRow(tx, userId, level, now);
    await audit(
      tx,
      staff,
      'user.verification_level',
      userId,
      { verificationLevel: user.verificationLevel },
      { verificationLevel: level },
      now,
    );
    return row;
  });
  // The level is in every cached session of the user: seen at once here, within seconds elsewhere.
  deps.tokens.invalidateUser(userId);
  return updated;
}

function audit(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  staff: Staff,
  action: AuditAction,
  userId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  at: Date,
) {
  return recordAudit(tx, {
    actorId: staff.id,
    action,
    targetType: 'user',
    targetId: userId,
    summary: { before, after },
    requestId: staff.requestId,
    at,
  });
}
