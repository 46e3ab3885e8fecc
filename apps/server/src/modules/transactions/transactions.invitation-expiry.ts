import type { StepDeps } from './transactions.deps.ts';
import { and, asc, eq, lte, notInArray, type SQL } from 'drizzle-orm';
import { msg } from '@escrow/shared/i18n/msg';
import { CANCELLATION_TEXT } from '@escrow/shared/texts/transactions';
import type { Tx } from '../../db/client.ts';
import { invitations, transactions } from '../../db/schema/transactions.ts';
import { noticeFor, quoted } from './transactions.notifications.ts';
import { drainDueJobs } from './transactions.job-runner.ts';
import { executeStep } from './transactions.steps.ts';

async function lockNextExpired(tx: Tx, now: Date, skipIds: string[]) {
  const conditions: SQL[] = [eq(transactions.status, 'PENDING'), lte(invitations.expiresAt, now)];
  if (skipIds.length) conditions.push(notInArray(transactions.id, skipIds));
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(invitations, eq(invitations.transactionId, transactions.id))
    .where(and(...conditions))
    .orderBy(asc(invitations.expiresAt))
    .limit(1)
    .for('update', { of: transactions, skipLocked: true });
  return row ?? null;
}

/**
 * Cancels PENDING transactions whose invitation expired (SYSTEM, EXPIRE_INVITATION), each in its own
 * database transaction with the row locked SKIP LOCKED, so two processes never cancel the same one.
 */
export async function expireDueInvitations(deps: StepDeps, maxJobs = 100): Promise<number> {
  return drainDueJobs(deps, 'invitation expiry', maxJobs, async (tx, now, skipIds) => {
    const due = await lockNextExpired(tx, now, skipIds);
    if (!due) return null;
    return {
      id: due.id,
      run: () =>
        executeStep(deps, tx, {
          transactionId: due.id,
          actor: { kind: 'system' },
          action: 'EXPIRE_INVITATION',
          // A message id, as the view carries it (a reason a party typed is shown as typed).
          patch: (ctx) => ({ cancelledAt: ctx.now, cancellationReason: CANCELLATION_TEXT.invitationExpired }),
          activity: () => ({
            action: 'transaction_cancelled',
            description: msg('Transaction cancelled: the invitation expired before anyone joined'),
            metadata: { reason: 'invitation_expired' },
          }),
          notifications: (ctx, updated) =>
            noticeFor(ctx, updated, updated.creatorId, {
              type: 'TRANSACTION_UPDATE',
              priority: 'MEDIUM',
              title: msg('Invitation expired'),
              message: msg('Nobody joined {trade} within 7 days, so it was cancelled.'),
              params: { trade: quoted(updated) },
            }),
        }),
    };
  });
}
