import { formatMoney, toMajor } from '@escrow/shared/domain/money';
import { nextActionFor, viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import type { NotificationPriority, NotificationType } from '@escrow/shared/schemas/notifications';
import type { TransactionRow } from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import type { MessageParams } from '../../lib/i18n.ts';
import type { NotificationInput } from '../notifications/index.ts';
import type { StepContext } from './transactions.steps.ts';
import { fullName } from './transactions.view.ts';

export type Notice = {
  type: NotificationType;
  priority: NotificationPriority;
  /** Message ids (msg('…'), ICU) sharing `params`: each recipient reads them in their language. */
  title: string;
  message: string;
  params?: MessageParams;
  /** More for the card (a dispute's id, so it links to the dispute). */
  metadata?: Record<string, unknown>;
};

/**
 * A notification for one party of `updated`, with its metadata (transactionStatus, amount,
 * currency, actionRequired, counterpartyName, nextAction) worked out for that recipient.
 */
export function noticeFor(
  ctx: StepContext,
  updated: TransactionRow,
  recipientId: string | null,
  notice: Notice,
): NotificationInput[] {
  if (!recipientId) return [];
  const role = viewerRoleOf(updated, recipientId);
  if (!role) return [];
  const next = nextActionFor(updated, role);
  const otherId = updated.creatorId === recipientId ? updated.counterpartyId : updated.creatorId;
  const other = otherId ? ctx.parties.get(otherId) : undefined;
  const { metadata: extra, ...rest } = notice;
  return [
    {
      userId: recipientId,
      transactionId: updated.id,
      ...rest,
      metadata: {
        ...extra,
        transactionStatus: updated.status,
        amount: toMajor(updated.total),
        currency: updated.currency,
        actionRequired: next.kind === 'action',
        counterpartyName: other ? fullName(other) : null,
        nextAction: next.label,
      },
    },
  ];
}

/** The other member of the transaction than the actor (null when nobody else has joined). */
export function otherPartyOf(ctx: StepContext, updated: TransactionRow): string | null {
  if (!ctx.actorId) return null;
  return updated.creatorId === ctx.actorId ? updated.counterpartyId : updated.creatorId;
}

export const money = (row: TransactionRow, minor: number) => formatMoney(toMajor(minor), row.currency);
export const quoted = (row: TransactionRow) =>
  row.description.length > 60 ? `"${row.description.slice(0, 57)}..."` : `"${row.description}"`;

/** What the rating invitation says happened: a refunded trade is not 'complete' to the buyer. */
function endedText(updated: TransactionRow): string {
  if (updated.paymentStatus === 'REFUNDED')
    return msg(
      '{trade} was refunded to you in full. How did the seller handle it? Your rating helps other buyers.',
    );
  if (updated.paymentStatus === 'PARTIALLY_REFUNDED')
    return msg(
      '{trade} was settled with a partial refund to you. How did the seller handle it? Your rating helps other buyers.',
    );
  return msg('{trade} is complete. How was the seller? Your rating helps other buyers.');
}

/**
 * Completion invites the buyer to rate the seller (docs/vendors.md): after a release, and
 * after a dispute settles the trade with money moved (then worded for the refund).
 */
export function rateSellerNotice(ctx: StepContext, updated: TransactionRow): NotificationInput[] {
  return noticeFor(ctx, updated, ctx.buyerId, {
    type: 'TRANSACTION_UPDATE',
    priority: 'LOW',
    title: msg('Rate your seller'),
    message: endedText(updated),
    params: { trade: quoted(updated) },
    metadata: { link: `/app/transactions/${updated.id}#rating`, linkLabel: msg('Rate the seller') },
  });
}
