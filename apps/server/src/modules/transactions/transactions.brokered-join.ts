import { and, isNotNull, isNull } from 'drizzle-orm';
import type { PartyRole } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { VENDOR_TEXT } from '@escrow/shared/schemas/vendors';
import { transactions } from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError } from '../../lib/errors.ts';
import { addressedTo } from './transactions.addressed.ts';
import type { TransactionsDeps } from './transactions.deps.ts';
import { noticeFor, quoted } from './transactions.notifications.ts';
import type { TransactionRecord } from './transactions.repository.ts';
import { runStep, transactionNotFound } from './transactions.steps.ts';
import { toTransactionView } from './transactions.view.ts';

/**
 * Joining a brokered trade (partner API role BROKER) through one of its two addressed invitations: the
 * seller's fills the creator side, the buyer's the counterparty. The trade stays PENDING until both
 * have joined, then becomes ACTIVE (the state machine's JOIN with `awaitingOtherParty`). Each slot is
 * filled once, by a guarded update (`... is null`), so two racing joins cannot both take it.
 */
export async function joinBrokered(
  deps: TransactionsDeps,
  userId: string,
  found: TransactionRecord,
  role: PartyRole,
): Promise<Transaction> {
  const slotOf = (row: TransactionRecord['row']) => (role === 'SELLER' ? row.creatorId : row.counterpartyId);
  const otherOf = (row: TransactionRecord['row']) => (role === 'SELLER' ? row.counterpartyId : row.creatorId);
  if (slotOf(found.row) === userId) return toTransactionView(found, userId);
  const invitation = found.invitation!;
  const addressed = await addressedTo(deps.db, invitation, userId);
  const slotColumn = role === 'SELLER' ? transactions.creatorId : transactions.counterpartyId;
  const otherColumn = role === 'SELLER' ? transactions.counterpartyId : transactions.creatorId;
  const { record } = await runStep(deps, {
    transactionId: found.row.id,
    actor: { kind: 'user', userId },
    action: 'JOIN',
    authorize: (row, joiner) => {
      if (row.brokerId === joiner)
        throw new AppError('CONFLICT', msg('You cannot join a transaction you broker'));
      if (!addressed) throw new AppError('FORBIDDEN', VENDOR_TEXT.invitationForAnother);
      if (otherOf(row) === joiner)
        throw new AppError('CONFLICT', msg('You are already in this transaction on the other side'));
      if (slotOf(row) !== null)
        throw new AppError(
          'CONFLICT',
          role === 'SELLER'
            ? msg('This transaction already has a seller')
            : msg('This transaction already has a buyer'),
        );
      // Cancelled before both joined (or expired): the invitation is dead, as if unknown.
      if (row.status !== 'PENDING') throw transactionNotFound();
      return role;
    },
    facts: { hasCounterparty: slotOf(found.row) !== null, awaitingOtherParty: otherOf(found.row) === null },
    check: (ctx) => {
      if (invitation.expiresAt <= ctx.now) throw transactionNotFound();
    },
    // The slot is still empty and the other side is as the facts saw it: of two racing joins (the
    // buyer's and the seller's), the second fails with 409 and a retry makes the trade ACTIVE.
    guard: and(
      isNull(slotColumn),
      otherOf(found.row) === null ? isNull(otherColumn) : isNotNull(otherColumn),
    ),
    patch: () => (role === 'SELLER' ? { creatorId: userId } : { counterpartyId: userId }),
    activity: (ctx) => ({
      action: 'transaction_joined',
      description: msg('{name} joined the transaction as {role, select, BUYER {buyer} other {seller}}'),
      params: { name: ctx.actorName, role },
    }),
    notifications: (ctx, updated) => {
      const active = updated.status === 'ACTIVE';
      const notice = {
        type: 'TRANSACTION_UPDATE' as const,
        priority: 'HIGH' as const,
        title: active ? msg('Transaction Activated!') : msg('A party joined'),
        message: msg('{name} has joined {trade} as {role, select, BUYER {buyer} other {seller}}.'),
        params: { name: ctx.actorName, trade: quoted(updated), role },
      };
      return noticeFor(ctx, updated, otherOf(updated), notice);
    },
  });
  return toTransactionView(record, userId);
}
