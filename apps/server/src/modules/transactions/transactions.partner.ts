import { and, desc, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { formatMoney, toMajor } from '@escrow/shared/domain/money';
import {
  PARTNER_TEXT,
  type PartnerCreateTransaction,
  type PartnerListQuery,
  type PartnerTransaction,
} from '@escrow/shared/schemas/partner';
import type { DbOrTx } from '../../db/client.ts';
import { transactions, type TransactionRow } from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import type { Language } from '../../lib/i18n.ts';
import { AppError } from '../../lib/errors.ts';
import type { TransactionsDeps } from './transactions.deps.ts';
import { sendMails } from './transactions.mails.ts';
import {
  insertBrokeredTransaction,
  invitationMail,
  inviteeLanguage,
  mailBrokeredInvitations,
} from './transactions.brokered.ts';
import { findTransactionRecord, listInvitations, type TransactionRecord } from './transactions.repository.ts';
import { createTransaction } from './transactions.service.ts';
import { transactionNotFound } from './transactions.steps.ts';
import { fullName, sellerIdOf, toTransactionView } from './transactions.view.ts';

/**
 * Partner API transactions (docs/partner-api.md), for the partner module: created by a key's owner as
 * the seller (an invitation addressed to the buyer's e-mail) or as the broker (transactions.brokered.ts:
 * one for the seller and one for the buyer), with the partner's reference (unique per owner), title and
 * metadata. Only the owner's own partner transactions are ever found (else 404): the creator's, or the
 * broker's for a brokered one.
 */
export const joinUrlOf = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/$/, '')}/app/join-transaction/${encodeURIComponent(code)}`;

/** Whose partner transaction it is: a brokered trade's broker, else its creator. */
const partnerOwnerOf = (row: TransactionRecord['row']) => row.brokerId ?? row.creatorId;

const ownedBy = (ownerId: string) =>
  or(
    eq(transactions.brokerId, ownerId),
    and(isNull(transactions.brokerId), eq(transactions.creatorId, ownerId)),
  )!;

export async function toPartnerView(
  deps: Pick<TransactionsDeps, 'config' | 'db'>,
  record: TransactionRecord,
  ownerId: string,
) {
  const view = toTransactionView(record, ownerId);
  const { row, invitation } = record;
  // A brokered trade has two invitations (seller's, buyer's), read apart from the record.
  const addressed = row.brokerId
    ? await listInvitations(deps.db, row.id)
    : invitation
      ? [{ ...invitation, role: invitation.role ?? (row.creatorRole === 'SELLER' ? 'BUYER' : 'SELLER') }]
      : [];
  const invitations: PartnerTransaction['invitations'] = addressed.flatMap((i) =>
    i.invitedEmail
      ? [
          {
            role: i.role ?? 'BUYER',
            email: i.invitedEmail,
            inviteCode: i.code,
            joinUrl: joinUrlOf(deps.config.publicUrl, i.code),
          },
        ]
      : [],
  );
  return {
    ...view,
    reference: row.partnerReference ?? '',
    title: row.partnerTitle ?? '',
    metadata: row.partnerMetadata ?? {},
    invitations,
  } satisfies PartnerTransaction;
}

const duplicateReference = (id: string) => new AppError('CONFLICT', PARTNER_TEXT.duplicateReference, { id });

async function idByReference(db: DbOrTx, ownerId: string, reference: string) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(ownedBy(ownerId), eq(transactions.partnerReference, reference)))
    .limit(1);
  return row?.id ?? null;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { cause?: { code?: string }; code?: string };
  return (e.cause?.code ?? e.code) === '23505';
};

/**
 * POST /partner/v1/transactions. Role SELLER: the owner sells, the buyer is invited by e-mail. Role
 * BROKER: the owner brokers, the seller and the buyer are each invited by e-mail.
 */
export async function createPartnerTransaction(
  deps: TransactionsDeps,
  ownerId: string,
  keyId: string,
  input: PartnerCreateTransaction,
) {
  const existing = await idByReference(deps.db, ownerId, input.reference);
  if (existing) throw duplicateReference(existing);
  const { role, reference, title, buyer, seller, commission: _commission, metadata = {}, ...fields } = input;
  try {
    if (role === 'BROKER') await insertBrokeredTransaction(deps, ownerId, keyId, input);
    else
      await createTransaction(
        deps,
        ownerId,
        { ...fields, creatorRole: 'SELLER', specificRequirements: undefined },
        { keyId, reference, title, metadata, invitedEmail: buyer.email },
      );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two creates with one reference at once: the loser answers like any later duplicate.
    const id = await idByReference(deps.db, ownerId, reference);
    throw id ? duplicateReference(id) : error;
  }
  const id = await idByReference(deps.db, ownerId, reference);
  const record = await findTransactionRecord(deps.db, id!);
  const view = await toPartnerView(deps, record!, ownerId);
  if (role === 'BROKER') await mailBrokeredInvitations(deps, view, { BUYER: buyer, SELLER: seller });
  else {
    const language = await inviteeLanguage(deps.db, buyer);
    sendMails(deps, [buyerInvitationMail(record!, view.invitations[0]!, buyer.firstName, language)], view.id);
  }
  return view;
}

/** The buyer's invitation, in the buyer's language (inviteeLanguage). */
function buyerInvitationMail(
  record: TransactionRecord,
  invitation: PartnerTransaction['invitations'][number],
  firstName: string | undefined,
  language: Language,
) {
  const { row } = record;
  return invitationMail(invitation, firstName, language, {
    subject: msg('{name} invited you to pay for "{title}" through escrow'),
    body: msg(
      '{name} created an escrow transaction for "{title}" ({amount}). Your payment is held safely until you confirm you received what you paid for.',
    ),
    params: {
      name: fullName(record.creator!),
      title: row.partnerTitle ?? row.description,
      amount: formatMoney(toMajor(row.total), row.currency),
    },
  });
}

/** The owner's own partner transaction, or 404 (another's, an app-made one, an unknown id). */
export async function partnerRecord(deps: Pick<TransactionsDeps, 'db'>, ownerId: string, id: string) {
  const record = await findTransactionRecord(deps.db, id);
  if (!record || partnerOwnerOf(record.row) !== ownerId || record.row.partnerReference === null)
    throw transactionNotFound();
  return record;
}

/** The owner's partner transaction where the owner is the seller (the seller's steps): else 404 or 403. */
export async function partnerSellerRow(
  deps: Pick<TransactionsDeps, 'db'>,
  ownerId: string,
  id: string,
): Promise<TransactionRow> {
  const { row } = await partnerRecord(deps, ownerId, id);
  if (sellerIdOf(row) !== ownerId) throw new AppError('FORBIDDEN', PARTNER_TEXT.notSeller);
  return row;
}

/** One page of the owner's partner transactions, newest first, by reference and status if given. */
export async function listPartnerTransactions(
  deps: TransactionsDeps,
  ownerId: string,
  query: PartnerListQuery,
) {
  const filters: SQL[] = [ownedBy(ownerId), isNotNull(transactions.partnerReference)];
  if (query.reference) filters.push(eq(transactions.partnerReference, query.reference));
  if (query.status) filters.push(eq(transactions.status, query.status));
  const rows = await deps.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...filters))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const page = rows.slice(0, query.limit);
  const records = await Promise.all(page.map((row) => findTransactionRecord(deps.db, row.id)));
  return {
    transactions: await Promise.all(
      records.flatMap((record) => (record ? [toPartnerView(deps, record, ownerId)] : [])),
    ),
    page: query.page,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}
