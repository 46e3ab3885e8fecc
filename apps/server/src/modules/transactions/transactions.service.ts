import { randomBytes } from 'node:crypto';
import type { TransactionsDeps } from './transactions.deps.ts';
import { isNull } from 'drizzle-orm';
import { toMajor, toMinor } from '@escrow/shared/domain/money';
import { tradeAmounts } from '@escrow/shared/domain/fees';
import { oppositeRole, shippingTypeFor, type PartyRole } from '@escrow/shared/domain/transaction-machine';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import { SERVER_EVENTS } from '@escrow/shared/events';
import type {
  CreateTransactionPayload,
  ListTransactionsQuery,
  Transaction,
  TransactionList,
  TransactionStats,
} from '@escrow/shared/schemas/transactions';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  invitations,
  transactionMilestones,
  transactions,
  type TransactionRow,
} from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError, badRequest } from '../../lib/errors.ts';
import { VENDOR_TEXT } from '@escrow/shared/schemas/vendors';
import { createNotification, pushNotification, type NotificationView } from '../notifications/index.ts';
import { listActivities, recordActivity } from '../activities/index.ts';
import { userCardOf, userExists } from '../auth/index.ts';
import {
  findRecordByInviteCode,
  findTransactionRecord,
  findTransactionRow,
  transactionStats,
  type PartyRecord,
  type TransactionRecord,
} from './transactions.repository.ts';
import { addressedTo } from './transactions.addressed.ts';
import { joinBrokered } from './transactions.brokered-join.ts';
import { listTransactionItems } from './transactions.list.ts';
import { noticeFor, quoted } from './transactions.notifications.ts';
import { runStep, transactionNotFound } from './transactions.steps.ts';
import { fullName, toTransactionView } from './transactions.view.ts';
import type { Language } from '../../lib/i18n.ts';

/** Invitations expire after 7 days (docs/product.md "Timers and limits"); codes carry 96 random bits. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
export const newInvitationCode = () => randomBytes(12).toString('base64url');

/** `refusal`: the whole sentence naming the field, a message id. */
const minorOrThrow = (major: number, refusal: string) => {
  const minor = toMinor(major);
  if (minor === null) throw badRequest(refusal);
  return minor;
};

/** What a partner API create adds (transactions.partner.ts): its own fields and an addressed e-mail. */
export type PartnerFields = {
  keyId: string;
  reference: string;
  title: string;
  metadata: Record<string, string>;
  invitedEmail: string;
};

/** Creates a PENDING transaction and its invitation. Fee and total are computed here, never taken. */
export async function createTransaction(
  deps: TransactionsDeps,
  userId: string,
  input: CreateTransactionPayload,
  partner?: PartnerFields,
) {
  const priceMinor = minorOrThrow(input.price, msg('Price must have at most 2 decimal places'));
  // The buyer pays price + their share of the fee (docs/money.md "Who pays the fee"); total = buyerPays.
  const amounts = tradeAmounts(priceMinor, input.feePayer);
  const totalMinor = amounts.buyerPaysMinor;
  const now = deps.clock.now();
  const {
    fee: _fee,
    total: _total,
    price: _price,
    maximumBudget,
    invitedUserId,
    milestones = [],
    ...fields
  } = input;
  if (invitedUserId === userId) throw badRequest(VENDOR_TEXT.cannotInviteSelf);
  let inviteNote: NotificationView | null = null;
  const record = await deps.db.transaction(async (tx): Promise<TransactionRecord> => {
    if (invitedUserId) await assertUserExists(tx, invitedUserId);
    const [row] = await tx
      .insert(transactions)
      .values({
        ...fields,
        estimatedDeliveryDays: input.useCourier ? input.estimatedDeliveryDays : null,
        maximumBudget:
          maximumBudget === undefined
            ? null
            : minorOrThrow(maximumBudget, msg('Maximum budget must have at most 2 decimal places')),
        price: priceMinor,
        fee: amounts.feeMinor,
        total: totalMinor,
        shippingType: shippingTypeFor(input.useCourier, input.shippingType),
        hasMilestones: milestones.length > 0,
        creatorId: userId,
        status: 'PENDING',
        ...(partner
          ? {
              partnerReference: partner.reference,
              partnerTitle: partner.title,
              partnerMetadata: partner.metadata,
              partnerKeyId: partner.keyId,
            }
          : {}),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const milestoneRows = milestones.length
      ? await tx
          .insert(transactionMilestones)
          .values(
            milestones.map((m, position) => ({
              transactionId: row!.id,
              position,
              title: m.title,
              description: m.description ?? null,
              amount: minorOrThrow(m.amount, msg('Milestone amount must have at most 2 decimal places')),
              dueDate: m.dueDate ?? null,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning()
      : undefined;
    const [invitation] = await tx
      .insert(invitations)
      .values({
        code: newInvitationCode(),
        transactionId: row!.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        invitedUserId: invitedUserId ?? null,
        invitedEmail: partner?.invitedEmail ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({
        code: invitations.code,
        expiresAt: invitations.expiresAt,
        invitedUserId: invitations.invitedUserId,
        invitedEmail: invitations.invitedEmail,
        role: invitations.role,
      });
    const creator = await userCardOf(tx, userId);
    if (!creator) throw new AppError('UNAUTHORIZED', msg('Authentication required'));
    await recordActivity(tx, {
      transactionId: row!.id,
      action: 'transaction_created',
      description: msg('Transaction created by {name} as {role, select, BUYER {buyer} other {seller}}'),
      params: { name: fullName(creator), role: input.creatorRole },
      userId,
      userName: fullName(creator),
      userRole: input.creatorRole,
      metadata: { amount: toMajor(totalMinor), currency: input.currency },
      at: now,
    });
    if (invitedUserId)
      inviteNote = await inviteUser(tx, row!, fullName(creator), invitation!.code, invitedUserId);
    return {
      row: row!,
      creator,
      counterparty: null,
      broker: null,
      invitation: invitation!,
      ...(milestoneRows ? { milestones: milestoneRows } : {}),
    };
  });
  if (inviteNote) pushNotification(deps.realtime, inviteNote);
  const transaction = toTransactionView(record, userId);
  deps.realtime.toUser(userId, SERVER_EVENTS.transactionCreated, {
    transactionId: record.row.id,
    transaction,
  });
  return { transaction, invitation: transaction.invitation! };
}

/** Whether the user may read the transaction: a party, or a brokered trade's broker (read only). */
const mayRead = (row: TransactionRow, userId: string) =>
  viewerRoleOf(row, userId) !== null || (row.brokerId !== null && row.brokerId === userId);

/** A transaction for one of its members (or its broker); anyone else gets 404 (never the data). */
export async function getTransactionFor(
  deps: TransactionsDeps,
  userId: string,
  id: string,
): Promise<Transaction> {
  const record = await findTransactionRecord(deps.db, id);
  if (!record || !mayRead(record.row, userId)) throw transactionNotFound();
  return toTransactionView(record, userId);
}

/**
 * Invitation preview. Unknown or expired codes are 404; once the transaction is no longer PENDING only
 * its members may still look it up through the code.
 */
export async function getInvitation(deps: TransactionsDeps, userId: string, code: string) {
  const record = await findRecordByInviteCode(deps.db, code);
  if (!record?.invitation) throw transactionNotFound();
  const member = mayRead(record.row, userId);
  const open = record.row.status === 'PENDING' && record.invitation.expiresAt > deps.clock.now();
  if (!member && !open) throw transactionNotFound();
  if (!member && !(await addressedTo(deps.db, record.invitation, userId)))
    throw new AppError('FORBIDDEN', VENDOR_TEXT.invitationForAnother);
  return {
    invitation: {
      code: record.invitation.code,
      expiresAt: record.invitation.expiresAt.toISOString(),
      // A brokered trade's invitation shows the role it gives (and the view, broker and commission).
      transaction: toTransactionView(record, userId, record.invitation.role),
    },
  };
}

/** Contact Vendor: the invited user is told, with the invitation's link; an unknown user is refused. */
async function assertUserExists(tx: Tx, userId: string) {
  if (!(await userExists(tx, userId))) throw badRequest(VENDOR_TEXT.invitedUnknown);
}

async function inviteUser(
  tx: Tx,
  row: TransactionRow,
  creatorName: string,
  code: string,
  invitedUserId: string,
) {
  return createNotification(tx, {
    userId: invitedUserId,
    transactionId: row.id,
    type: 'TRANSACTION_UPDATE',
    priority: 'HIGH',
    title: msg('New transaction invitation'),
    message: msg('{name} invited you to {trade} as {role, select, BUYER {buyer} other {seller}}.'),
    params: { name: creatorName, trade: quoted(row), role: oppositeRole(row.creatorRole) },
    metadata: {
      link: `/app/join-transaction/${code}`,
      linkLabel: msg('Open the invitation'),
      actionRequired: true,
    },
  });
}

/** Joins by invitation code, taking the role opposite the creator's. */
export async function joinTransaction(
  deps: TransactionsDeps,
  userId: string,
  code: string,
): Promise<Transaction> {
  const found = await findRecordByInviteCode(deps.db, code);
  if (!found?.invitation) throw transactionNotFound();
  const invitation = found.invitation;
  if (invitation.role) return joinBrokered(deps, userId, found, invitation.role);
  if (found.row.counterpartyId === userId) return toTransactionView(found, userId);
  const addressed = await addressedTo(deps.db, invitation, userId);
  const { record } = await runStep(deps, {
    transactionId: found.row.id,
    actor: { kind: 'user', userId },
    action: 'JOIN',
    authorize: (row, joiner) => {
      if (row.creatorId === joiner)
        throw new AppError('CONFLICT', msg('You cannot join your own transaction'));
      if (!addressed || joiner !== userId) throw new AppError('FORBIDDEN', VENDOR_TEXT.invitationForAnother);
      if (row.counterpartyId !== null)
        throw new AppError('CONFLICT', msg('This transaction already has a counterparty'));
      // Cancelled before anyone joined (or expired): the invitation is dead, as if unknown.
      if (row.status !== 'PENDING') throw transactionNotFound();
      return oppositeRole(row.creatorRole);
    },
    check: (ctx) => {
      if (invitation.expiresAt <= ctx.now) throw transactionNotFound();
    },
    guard: isNull(transactions.counterpartyId),
    patch: () => ({ counterpartyId: userId }),
    activity: (ctx, updated) => ({
      action: 'transaction_joined',
      description: msg('{name} joined the transaction as {role, select, BUYER {buyer} other {seller}}'),
      params: { name: ctx.actorName, role: oppositeRole(updated.creatorRole) },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, updated.creatorId, {
        type: 'TRANSACTION_UPDATE',
        priority: 'HIGH',
        title: msg('Transaction Activated!'),
        message: msg('{name} has joined {trade}.'),
        params: { name: ctx.actorName, trade: quoted(updated) },
      }),
  });
  return toTransactionView(record, userId);
}

export async function listTransactions(
  deps: TransactionsDeps,
  userId: string,
  query: Required<Pick<ListTransactionsQuery, 'page' | 'limit'>> &
    Omit<ListTransactionsQuery, 'page' | 'limit'>,
): Promise<TransactionList> {
  return listTransactionItems(deps.db, {
    userId,
    page: Number(query.page),
    limit: Number(query.limit),
    status: query.status,
    role: query.role,
    q: query.q || undefined,
  });
}

export async function getStats(deps: TransactionsDeps, userId: string): Promise<TransactionStats> {
  const { counts, values } = await transactionStats(deps.db, userId);
  const valueByCurrency = values.map((v) => ({
    currency: v.currency,
    value: toMajor(BigInt(v.value ?? '0')),
  }));
  return {
    ...counts,
    totalValue: valueByCurrency.find((v) => v.currency === 'NGN')?.value ?? 0,
    valueByCurrency,
  };
}

export async function getParticipants(deps: TransactionsDeps, userId: string, id: string) {
  const record = await findTransactionRecord(deps.db, id);
  if (!record || !mayRead(record.row, userId)) throw transactionNotFound();
  const { row, creator, counterparty } = record;
  const people: { person: PartyRecord; role: PartyRole; isCreator: boolean }[] = [];
  if (creator) people.push({ person: creator, role: row.creatorRole, isCreator: true });
  if (counterparty)
    people.push({ person: counterparty, role: oppositeRole(row.creatorRole), isCreator: false });
  return people.map(({ person, role, isCreator }) => ({
    userId: person.id,
    name: fullName(person),
    firstName: person.firstName,
    lastName: person.lastName,
    role,
    isCreator,
    avatar: person.profilePicture,
  }));
}

export async function getActivities(deps: TransactionsDeps, userId: string, id: string, language: Language) {
  const record = await findTransactionRecord(deps.db, id);
  if (!record || !mayRead(record.row, userId)) throw transactionNotFound();
  return listActivities(deps.db, id, language);
}

/** The stored row for one of its members (other modules check membership through this); else 404. */
export async function memberTransactionRow(db: DbOrTx, userId: string, id: string): Promise<TransactionRow> {
  const row = await findTransactionRow(db, id);
  if (!row || !viewerRoleOf(row, userId)) throw transactionNotFound();
  return row;
}

/** How many of the user's transactions are completed and how many still running (the profile's figures). */
export async function countTransactions(
  db: TransactionsDeps['db'],
  userId: string,
): Promise<{ completed: number; active: number }> {
  const { counts } = await transactionStats(db, userId);
  return { completed: counts.completed, active: counts.active };
}
