import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TransactionStatus } from '@escrow/shared/domain/transaction-machine';
import { isRootDb, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { invitations, transactions, type TransactionRow } from '../../db/schema/transactions.ts';
import { users } from '../../db/schema/users.ts';

/** A party as the transaction screens show it. */
export type PartyRecord = { id: string; firstName: string; lastName: string; profilePicture: string | null };

/** A transaction with everything its answer shape needs. */
export type TransactionRecord = {
  row: TransactionRow;
  creator: PartyRecord;
  counterparty: PartyRecord | null;
  invitation: { code: string; expiresAt: Date } | null;
};

const creator = alias(users, 'creator');
const counterparty = alias(users, 'counterparty');

const recordColumns = {
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
  invitation: { code: invitations.code, expiresAt: invitations.expiresAt },
};

function selectRecords(db: DbOrTx) {
  return db
    .select(recordColumns)
    .from(transactions)
    .innerJoin(creator, eq(creator.id, transactions.creatorId))
    .leftJoin(counterparty, eq(counterparty.id, transactions.counterpartyId))
    .leftJoin(invitations, eq(invitations.transactionId, transactions.id));
}

function prepareRecordById(db: Db) {
  return selectRecords(db)
    .where(eq(transactions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('transaction_record_by_id');
}
// One prepared statement per database handle: the read path skips building SQL (and, on PostgreSQL,
// parsing and planning it) on every request. Inside a database transaction the query is built as usual.
const recordById = new WeakMap<Db, ReturnType<typeof prepareRecordById>>();

/** The record of one transaction (row, parties, invitation) in one round trip. */
export async function findTransactionRecord(db: DbOrTx, id: string): Promise<TransactionRecord | null> {
  if (!isRootDb(db)) {
    const [record] = await selectRecords(db).where(eq(transactions.id, id)).limit(1);
    return record ?? null;
  }
  let prepared = recordById.get(db);
  if (!prepared) recordById.set(db, (prepared = prepareRecordById(db)));
  const [record] = await prepared.execute({ id });
  return record ?? null;
}

export async function findRecordByInviteCode(db: DbOrTx, code: string) {
  const [record] = await selectRecords(db).where(eq(invitations.code, code)).limit(1);
  return record ?? null;
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

export type ListFilter = {
  userId: string;
  page: number;
  limit: number;
  status?: TransactionStatus;
  role?: 'BUYER' | 'SELLER';
  q?: string;
};

type Side = 'creator' | 'counterparty';

/**
 * The conditions of one side of the list: the viewer as creator, or as counterparty. Splitting the
 * membership OR into two sides lets each use its own (member, created_at) index, and fixes who the
 * "other party" is for the name search.
 */
function sideWhere(side: Side, filter: ListFilter, otherName: SQL): SQL {
  const conditions: SQL[] = [
    side === 'creator'
      ? eq(transactions.creatorId, filter.userId)
      : eq(transactions.counterpartyId, filter.userId),
  ];
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  if (filter.role) {
    // The viewer is the buyer when they created as buyer, or joined a deal created by a seller.
    const creatorRole = side === 'creator' ? filter.role : filter.role === 'BUYER' ? 'SELLER' : 'BUYER';
    conditions.push(eq(transactions.creatorRole, creatorRole));
  }
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Case-insensitive over id, description and the OTHER party's name (spec 01 §9).
    conditions.push(
      or(
        ilike(transactions.id, pattern),
        ilike(transactions.description, pattern),
        sql`${otherName} ilike ${pattern}`,
      )!,
    );
  }
  return and(...conditions)!;
}

const otherNameOf = (side: Side) =>
  side === 'creator'
    ? sql`(${counterparty.firstName} || ' ' || ${counterparty.lastName})`
    : sql`(${creator.firstName} || ' ' || ${creator.lastName})`;

/**
 * The viewer's transactions on one side, joined to the other party for the name search. PostgreSQL
 * drops the left join (on a primary key) when no column of it is used, so it costs nothing without q.
 */
function fromSide<T extends Record<string, unknown>>(db: DbOrTx, side: Side, columns: T) {
  return side === 'creator'
    ? db
        .select(columns as never)
        .from(transactions)
        .leftJoin(counterparty, eq(counterparty.id, transactions.counterpartyId))
    : db
        .select(columns as never)
        .from(transactions)
        .leftJoin(creator, eq(creator.id, transactions.creatorId));
}

async function sidePage(db: DbOrTx, side: Side, filter: ListFilter, take: number) {
  const rows = await fromSide(db, side, { id: transactions.id, createdAt: transactions.createdAt })
    .where(sideWhere(side, filter, otherNameOf(side)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(take);
  return rows as unknown as { id: string; createdAt: Date }[];
}

async function sideCount(db: DbOrTx, side: Side, filter: ListFilter): Promise<number> {
  const [row] = (await fromSide(db, side, { n: count() }).where(
    sideWhere(side, filter, otherNameOf(side)),
  )) as unknown as {
    n: number;
  }[];
  return row?.n ?? 0;
}

/** One page of the viewer's transactions, newest first, and the total that match. */
export async function listTransactionRecords(db: DbOrTx, filter: ListFilter) {
  const offset = (filter.page - 1) * filter.limit;
  const take = offset + filter.limit;
  const [mine, joined] = await Promise.all([
    sidePage(db, 'creator', filter, take),
    sidePage(db, 'counterparty', filter, take),
  ]);
  // A first page that is not full already holds every match: no need to count them.
  const total =
    offset === 0 && mine.length + joined.length < take
      ? mine.length + joined.length
      : (await Promise.all([sideCount(db, 'creator', filter), sideCount(db, 'counterparty', filter)])).reduce(
          (a, b) => a + b,
          0,
        );
  const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
    b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  const pageIds = [...mine, ...joined]
    .sort(newestFirst)
    .slice(offset, take)
    .map((r) => r.id);
  const records = pageIds.length ? await selectRecords(db).where(inArray(transactions.id, pageIds)) : [];
  const byId = new Map(records.map((r) => [r.row.id, r]));
  return {
    records: pageIds.map((id) => byId.get(id)!).filter(Boolean),
    total,
  };
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

export async function partiesOf(db: DbOrTx, row: TransactionRow): Promise<Map<string, PartyRecord>> {
  const ids = [row.creatorId, ...(row.counterpartyId ? [row.counterpartyId] : [])];
  const found = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(or(...ids.map((id) => eq(users.id, id))));
  return new Map(found.map((p) => [p.id, p]));
}
