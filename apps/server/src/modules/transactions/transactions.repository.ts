import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import type { TransactionStatus } from '@escrow/shared/domain/transaction-machine';
import type { TransactionRefund } from '@escrow/shared/schemas/refunds';
import { isRootDb, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { withCompiledRowMapper } from '../../db/compiled-row-mapper.ts';
import { readCacheOf } from '../../db/read-cache.ts';
import {
  invitations,
  transactionMilestones,
  transactions,
  type MilestoneRow,
  type TransactionRow,
} from '../../db/schema/transactions.ts';
import { userDirectory } from '../../db/schema/published.ts';
import { walletRefundOf } from '../ledger/index.ts';
import { providerRefundsOf } from '../payments/index.ts';

/** A party as the transaction screens show it. */
export type PartyRecord = { id: string; firstName: string; lastName: string; profilePicture: string | null };

/** A transaction with everything its answer shape needs. */
export type TransactionRecord = {
  row: TransactionRow;
  /** null only on a brokered trade whose seller has not joined yet. */
  creator: PartyRecord | null;
  counterparty: PartyRecord | null;
  /** A brokered trade's broker (partner API role BROKER). */
  broker: PartyRecord | null;
  /**
   * The invitation: the one of a trade made by a party; read by code, either of a brokered trade's two
   * (its `role` is what the holder takes). Read by id, a brokered trade has none here (see
   * listInvitations).
   */
  invitation: InvitationRecord | null;
  /** Where the buyer's refund went, for a refunded transaction (loaded with the record; see withRefund). */
  refund?: TransactionRefund | null;
  /** A milestone trade's milestones in create order (loaded with the record; absent for a one-off). */
  milestones?: MilestoneRow[];
};

export type InvitationRecord = {
  code: string;
  expiresAt: Date;
  invitedUserId: string | null;
  invitedEmail: string | null;
  role: 'BUYER' | 'SELLER' | null;
};

/** A milestone trade's milestones, in the order given at create. */
export async function loadMilestones(db: DbOrTx, transactionId: string): Promise<MilestoneRow[]> {
  const query = db
    .select()
    .from(transactionMilestones)
    .where(eq(transactionMilestones.transactionId, transactionId))
    .orderBy(asc(transactionMilestones.position));
  // A plain SELECT: the embedded read cache may keep the record it is part of (db/read-cache.ts).
  if (isRootDb(db)) readCacheOf(db)?.pureRead(query.toSQL().sql);
  return query;
}

/** Whether a delivered (or released) milestone of the transaction carries the upload in its files. */
export async function milestoneFileDelivered(db: DbOrTx, transactionId: string, uploadId: string) {
  const [row] = await db
    .select({ id: transactionMilestones.id })
    .from(transactionMilestones)
    .where(
      and(
        eq(transactionMilestones.transactionId, transactionId),
        sql`${transactionMilestones.deliveredAt} is not null`,
        sql`${transactionMilestones.deliveryFiles} @> ${JSON.stringify([uploadId])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The record with its milestones when it is a milestone trade (one more read, only for those). */
export async function withMilestones<R extends TransactionRecord | null>(db: DbOrTx, record: R): Promise<R> {
  if (!record?.row.hasMilestones) return record;
  return { ...record, milestones: await loadMilestones(db, record.row.id) };
}

/**
 * A refunded transaction's record with its `refund` (schemas/refunds.ts): the provider refund of a card
 * or bank-transfer payment as it stands, or the wallet credit of a wallet payment. Others unchanged.
 */
async function withRefund(db: DbOrTx, record: TransactionRecord | null): Promise<TransactionRecord | null> {
  if (!record) return null;
  const { row } = record;
  if (row.paymentStatus !== 'REFUNDED' && row.paymentStatus !== 'PARTIALLY_REFUNDED') return record;
  const [provider] = await providerRefundsOf({ db }, [row.id]);
  if (provider)
    return {
      ...record,
      refund: {
        destination: 'PROVIDER',
        status: provider.status,
        amount: toMajor(provider.amount),
        provider: provider.provider,
        ...(provider.providerRefundReference ? { reference: provider.providerRefundReference } : {}),
      },
    };
  const buyerId = row.creatorRole === 'BUYER' ? row.creatorId : row.counterpartyId;
  const credited = buyerId ? await walletRefundOf(db, row.id, buyerId, row.currency) : 0;
  return {
    ...record,
    refund: credited > 0 ? { destination: 'WALLET', status: 'SUCCEEDED', amount: toMajor(credited) } : null,
  };
}

/**
 * A party's names and picture from the user directory auth publishes, joined under `name`. A subquery of
 * the view rather than an alias of it (drizzle cannot alias a view's columns under snake_case casing);
 * PostgreSQL pulls it up into the same join over users, in the same round trip.
 */
function partyOf(db: DbOrTx, name: string) {
  return db
    .select({
      id: userDirectory.id,
      firstName: userDirectory.firstName,
      lastName: userDirectory.lastName,
      profilePicture: userDirectory.profilePicture,
    })
    .from(userDirectory)
    .as(name);
}

function recordColumns(
  creator: ReturnType<typeof partyOf>,
  counterparty: ReturnType<typeof partyOf>,
  broker: ReturnType<typeof partyOf>,
) {
  return {
    row: transactions,
    creator: {
      id: creator.id,
      firstName: creator.firstName,
      lastName: creator.lastName,
      profilePicture: creator.profilePicture,
    },
    counterparty: {
      id: counterparty.id,
      firstName: counterparty.firstName,
      lastName: counterparty.lastName,
      profilePicture: counterparty.profilePicture,
    },
    broker: {
      id: broker.id,
      firstName: broker.firstName,
      lastName: broker.lastName,
      profilePicture: broker.profilePicture,
    },
    invitation: {
      code: invitations.code,
      expiresAt: invitations.expiresAt,
      invitedUserId: invitations.invitedUserId,
      invitedEmail: invitations.invitedEmail,
      role: invitations.role,
    },
  };
}

/**
 * Records with their parties and invitation. `byCode`: the caller filters on the invitation's code
 * (either of a brokered trade's two); else the one invitation without a role, so a brokered trade
 * (two invitations) still reads as one row.
 */
function selectRecords(db: DbOrTx, byCode = false) {
  const invitationJoin = byCode
    ? eq(invitations.transactionId, transactions.id)
    : and(eq(invitations.transactionId, transactions.id), isNull(invitations.role));
  const creator = partyOf(db, 'creator');
  const counterparty = partyOf(db, 'counterparty');
  const broker = partyOf(db, 'broker');
  return db
    .select(recordColumns(creator, counterparty, broker))
    .from(transactions)
    .leftJoin(creator, eq(creator.id, transactions.creatorId))
    .leftJoin(counterparty, eq(counterparty.id, transactions.counterpartyId))
    .leftJoin(broker, eq(broker.id, transactions.brokerId))
    .leftJoin(invitations, invitationJoin);
}

function prepareRecordById(db: Db) {
  const query = selectRecords(db)
    .where(eq(transactions.id, sql.placeholder('id')))
    .limit(1);
  // A plain SELECT of rows and their parties: the embedded read cache may keep its answers.
  readCacheOf(db)?.pureRead(query.toSQL().sql);
  return withCompiledRowMapper(query.prepare('transaction_record_by_id'));
}
// One prepared statement per database handle: the read path skips building SQL (and, on PostgreSQL,
// parsing and planning it) on every request. Inside a database transaction the query is built as usual.
const recordById = new WeakMap<Db, ReturnType<typeof prepareRecordById>>();

/**
 * The record of one transaction (row, parties, invitation) in one round trip. On the embedded database
 * the answer is kept until the next write (db/read-cache.ts); it is frozen, never to be changed.
 */
export async function findTransactionRecord(db: DbOrTx, id: string): Promise<TransactionRecord | null> {
  if (!isRootDb(db)) {
    const [record] = await selectRecords(db).where(eq(transactions.id, id)).limit(1);
    return withMilestones(db, await withRefund(db, record ?? null));
  }
  let prepared = recordById.get(db);
  if (!prepared) recordById.set(db, (prepared = prepareRecordById(db)));
  const statement = prepared;
  const load = async () =>
    withMilestones(db, await withRefund(db, (await statement.execute({ id }))[0] ?? null));
  const cache = readCacheOf(db);
  return cache ? cache.read(`transaction-record:${id}`, load) : load();
}

export async function findRecordByInviteCode(db: DbOrTx, code: string) {
  const [record] = await selectRecords(db, true).where(eq(invitations.code, code)).limit(1);
  return withMilestones(db, record ?? null);
}

/** A transaction's invitations (a brokered trade's two: SELLER then BUYER). */
export async function listInvitations(db: DbOrTx, transactionId: string): Promise<InvitationRecord[]> {
  return db
    .select({
      code: invitations.code,
      expiresAt: invitations.expiresAt,
      invitedUserId: invitations.invitedUserId,
      invitedEmail: invitations.invitedEmail,
      role: invitations.role,
    })
    .from(invitations)
    .where(eq(invitations.transactionId, transactionId))
    .orderBy(sql`${invitations.role} desc nulls first`);
}

export async function findTransactionRow(db: DbOrTx, id: string): Promise<TransactionRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row ?? null;
}

const memberOf = (userId: string) =>
  or(eq(transactions.creatorId, userId), eq(transactions.counterpartyId, userId))!;

export async function isTransactionMember(db: DbOrTx, id: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.id, id), memberOf(userId)))
    .limit(1);
  return Boolean(row);
}

export async function transactionStats(db: DbOrTx, userId: string) {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${transactions.status} not in ('COMPLETED', 'CANCELLED')))::int`,
      completed: sql<number>`(count(*) filter (where ${transactions.status} = 'COMPLETED'))::int`,
    })
    .from(transactions)
    .where(memberOf(userId));
  const values = await db
    .select({ currency: transactions.currency, value: sql<string>`sum(${transactions.price})::text` })
    .from(transactions)
    .where(and(memberOf(userId), sql`${transactions.status} <> 'CANCELLED'`))
    .groupBy(transactions.currency)
    .orderBy(transactions.currency);
  return { counts: counts ?? { total: 0, active: 0, completed: 0 }, values };
}

/**
 * The guarded status change every step goes through: it only succeeds while the row still has the
 * status the decision was made on, so of two racing requests exactly one wins (the other gets null).
 */
export async function updateIfStatus(
  tx: Tx,
  id: string,
  from: TransactionStatus,
  patch: Partial<typeof transactions.$inferInsert>,
  extra?: SQL,
): Promise<TransactionRow | null> {
  const guard = extra
    ? and(eq(transactions.id, id), eq(transactions.status, from), extra)
    : and(eq(transactions.id, id), eq(transactions.status, from));
  const [row] = await tx.update(transactions).set(patch).where(guard).returning();
  return row ?? null;
}
