import { sql, type SQL } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import {
  oppositeRole,
  type PartyRole,
  type TransactionStatus,
} from '@escrow/shared/domain/transaction-machine';
import {
  LIST_TOTAL_CAP,
  type TransactionList,
  type TransactionListItem,
} from '@escrow/shared/schemas/transactions';
import { isRootDb, type Db, type DbOrTx } from '../../db/client.ts';
import { withCompiledRowMapper } from '../../db/compiled-row-mapper.ts';
import { readCacheOf } from '../../db/read-cache.ts';
import { transactionMemberCounts } from '../../db/schema/transactions.ts';

/**
 * GET /transactions/my-transactions: one page of the viewer's transactions, newest first, at a cost that
 * does not grow with the account's history (migration 0004 holds the indexes).
 *
 * - The list is the union of the viewer's sides: as creator, as counterparty, and as a brokered trade's
 *   broker (migrations 0022/0023; not with a role filter, and found by description or id only). Each side is read
 *   newest first from its own (member, [filter,] created_at desc, id desc) index and stops after
 *   `offset + limit + 1` rows; the union is sorted and paged. The extra row answers `hasMore`.
 * - The total is counted only when the page does not tell it already, and never past LIST_TOTAL_CAP + 1
 *   rows (`select count(*) from (... limit 1001)`): beyond that the answer is `totalCapped: true`.
 *   Without a filter or a term it is not counted at all: the page's statement reads the user's kept
 *   member count (`transaction_member_counts`, migration 0031), capped the same way.
 * - Search: case-insensitive substring of the description or of the OTHER party's full
 *   name (never the viewer's own name), or the transaction's id. It depends on the term:
 *   - with a run of 3 letters or digits, indexes answer it. Per side, one arm matches the description
 *     through `transactions_description_trgm_idx` (or the id, below); that arm is ordered and limited,
 *     so the planner picks the trigram bitmap (rare term) or the side's newest-first walk filtered by
 *     the term, which stops after one page (term common in the account). Known limit: a term common
 *     across the platform (so the planner expects an early stop) but absent from one side of a very large
 *     account still walks that side to its end. The other arm takes the users whose full name matches
 *     (`users_full_name_trgm_idx`) and, for each, the newest rows of that pair from the pair's own index:
 *     its cost follows the number of matching people, never the viewer's history.
 *   - shorter terms (1-2 characters, or no run of 3 letters/digits such as '%' or 'a-b') cannot use a
 *     trigram index; they search the description and the other party's name among the newest
 *     SHORT_TERM_WINDOW transactions of each side (filters applied first), so they never read a whole
 *     long history. Every row returned matches; older matches past the window are not listed for such
 *     terms.
 *   Id search (decision): ids are UUIDv7 and the cards show the last 8 characters as the reference
 *   ('#1a2b3c4d'), so a term of 8 characters or more (a leading '#' ignored, any case) finds the
 *   transaction whose id ends with it: the reference, a longer end, or the whole id (a term of other
 *   characters than hexadecimal digits and dashes cannot be one and is not looked for). It goes through
 *   `transactions_id_reference_idx` (right(id, 8)). Shorter pieces of an id are not an id search (they
 *   would match most ids: hexadecimal digits).
 *   LIKE wildcards in the term (% _ \) are escaped: they match themselves.
 */
export type ListFilter = {
  userId: string;
  page: number;
  limit: number;
  status?: TransactionStatus;
  role?: PartyRole;
  q?: string;
};

/** Newest rows per side a 1-2 character search looks at (see above). */
export const SHORT_TERM_WINDOW = 1000;

/**
 * `other` is null on the broker's side: a brokered trade has two other parties, and its broker finds it
 * by description or id only (its name search would need a third pair of indexes).
 */
type Side = { viewer: SQL; other: SQL | null; viewerIsCreator: boolean; broker?: true };
const SIDES: readonly Side[] = [
  { viewer: sql.raw('creator_id'), other: sql.raw('counterparty_id'), viewerIsCreator: true },
  { viewer: sql.raw('counterparty_id'), other: sql.raw('creator_id'), viewerIsCreator: false },
  // A brokered trade's broker (partner API role BROKER) watches it: listed from
  // transactions_broker_list_idx (and transactions_broker_status_list_idx with a status filter), newest
  // first like the parties' sides. The broker is neither buyer nor seller (the database checks it is not a
  // party), so the role filter leaves this side out and the sides never overlap.
  { viewer: sql.raw('broker_id'), other: null, viewerIsCreator: false, broker: true },
];
const NEWEST_FIRST = sql.raw('created_at desc, id desc');

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
/** pg_trgm extracts trigrams from runs of letters and digits; a term without a run of 3 has none to look up. */
const usesTrigramIndex = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/** Ids end with the 8-character reference the cards show; shorter id pieces are not searched. */
const ID_REFERENCE_LENGTH = 8;
/** What an id's end can hold (a UUID in lowercase): any other term is not looked for among ids. */
const ID_CHARACTERS = /^[0-9a-f-]+$/;

type Search = {
  kind: 'trigram' | 'window';
  /** ILIKE pattern for the description and the other party's name. */
  text: string;
  /** The id's last 8 characters and a LIKE pattern for the whole end, when the term can be an id end. */
  id: { reference: string; end: string } | null;
};

function searchOf(q: string | undefined): Search | null {
  const term = q?.trim();
  if (!term) return null;
  const idEnd = term.replace(/^#/, '').toLowerCase();
  return {
    kind: usesTrigramIndex(term) ? 'trigram' : 'window',
    text: `%${escapeLike(term)}%`,
    // An id end of 8+ characters always holds a run of 3 (the last 8 are hexadecimal digits), so it is
    // only looked for on the trigram path. A word such as 'gramophone' cannot be one: no id clause for
    // the planner to weigh on each side.
    id:
      idEnd.length >= ID_REFERENCE_LENGTH && ID_CHARACTERS.test(idEnd)
        ? { reference: idEnd.slice(-ID_REFERENCE_LENGTH), end: `%${escapeLike(idEnd)}` }
        : null,
  };
}

/**
 * The values a statement takes: the filter's own values, or the placeholders of a prepared statement
 * (`paramsOf` gives their values). `creatorRole` is the creator's role on each side for the role filter.
 */
type Params = {
  userId: unknown;
  status: unknown;
  creatorRole: { asCreator: unknown; asCounterparty: unknown };
  n: unknown;
  pageRows: unknown;
  offset: unknown;
  /** The search's ILIKE pattern and id end (see Search), when the filter has a term. */
  term: unknown;
  idReference: unknown;
  idEnd: unknown;
};

function paramsOf(filter: ListFilter) {
  const offset = (filter.page - 1) * filter.limit;
  const search = searchOf(filter.q);
  return {
    term: search?.text ?? null,
    idReference: search?.id?.reference ?? null,
    idEnd: search?.id?.end ?? null,
    userId: filter.userId,
    status: filter.status ?? null,
    creatorRoleAsCreator: filter.role ?? null,
    creatorRoleAsCounterparty: filter.role ? oppositeRole(filter.role) : null,
    n: offset + filter.limit + 1,
    pageRows: filter.limit + 1,
    offset,
  };
}

const valuesOf = (filter: ListFilter): Params => {
  const v = paramsOf(filter);
  return {
    ...v,
    creatorRole: { asCreator: v.creatorRoleAsCreator, asCounterparty: v.creatorRoleAsCounterparty },
  };
};

/** Status and role filters on one side; the viewer's role there decides the creator's role. */
function sideFilters(side: Side, filter: ListFilter, p: Params): SQL {
  const parts: SQL[] = [];
  if (filter.status) parts.push(sql` and t.status = ${p.status}`);
  if (filter.role) {
    const creatorRole = side.viewerIsCreator ? p.creatorRole.asCreator : p.creatorRole.asCounterparty;
    parts.push(sql` and t.creator_role = ${creatorRole}`);
  }
  return sql.join(parts);
}

/**
 * The arms whose union holds every match, each already ordered newest first and cut at `n` rows: the
 * first `n` of the union are among them. Search arms can overlap within a side, hence `union`.
 */
function arms(filter: ListFilter, n: unknown, p: Params): SQL {
  const search = searchOf(filter.q);
  const parts: SQL[] = [];
  for (const side of SIDES) {
    if (side.broker && filter.role) continue;
    const where = sql`t.${side.viewer} = ${p.userId}${sideFilters(side, filter, p)}`;
    if (!search) {
      parts.push(sql`(select t.id, t.created_at from transactions t where ${where}
        order by ${NEWEST_FIRST} limit ${n})`);
    } else if (search.kind === 'trigram') {
      // right(id, 8) exactly as transactions_id_reference_idx is built (8 = ID_REFERENCE_LENGTH).
      const byId = search.id ? sql` or (right(t.id, 8) = ${p.idReference} and t.id like ${p.idEnd})` : sql``;
      parts.push(sql`(select t.id, t.created_at from transactions t
        where ${where} and (t.description ilike ${p.term}${byId})
        order by ${NEWEST_FIRST} limit ${n})`);
      if (!side.other) continue;
      // People first (name index), then each one's newest rows with the viewer (pair index).
      parts.push(sql`(select x.id, x.created_at from users o
        cross join lateral (select t.id, t.created_at from transactions t
          where ${where} and t.${side.other} = o.id order by ${NEWEST_FIRST} limit ${n}) x
        where (o.first_name || ' ' || o.last_name) ilike ${p.term}
        order by ${NEWEST_FIRST} limit ${n})`);
    } else {
      // The other party's name is looked up per window row (a scalar subquery on the primary key),
      // never by joining the whole users table.
      const otherName = side.other
        ? sql`(select o.first_name || ' ' || o.last_name from users o where o.id = t.${side.other})`
        : sql`null::text`;
      parts.push(sql`(select w.id, w.created_at from (
          select t.id, t.created_at, t.description, ${otherName} as other_name
          from transactions t
          where ${where} order by ${NEWEST_FIRST} limit ${SHORT_TERM_WINDOW}) w
        where w.description ilike ${p.term} or w.other_name ilike ${p.term}
        order by ${NEWEST_FIRST} limit ${n})`);
    }
  }
  return sql.join(parts, search?.kind === 'trigram' ? sql` union ` : sql` union all `);
}

/** The page's columns, by the names ItemRow gives them (the rows come back as these keys). */
const ITEM_COLUMNS = {
  id: sql<string>`t.id`,
  description: sql<string>`t.description`,
  currency: sql<string>`t.currency`,
  price: sql<string>`t.price::text`,
  fee: sql<string>`t.fee::text`,
  total: sql<string>`t.total::text`,
  use_courier: sql<boolean>`t.use_courier`,
  status: sql<TransactionStatus>`t.status`,
  creator_id: sql<string | null>`t.creator_id`,
  creator_role: sql<PartyRole>`t.creator_role`,
  counterparty_id: sql<string | null>`t.counterparty_id`,
  broker_id: sql<string | null>`t.broker_id`,
  auto_release_at: sql<Date | string | null>`t.auto_release_at`,
  created_at: sql<Date | string>`t.created_at`,
  updated_at: sql<Date | string>`t.updated_at`,
  creator_first_name: sql<string | null>`c.first_name`,
  creator_last_name: sql<string | null>`c.last_name`,
  counterparty_first_name: sql<string | null>`cp.first_name`,
  counterparty_last_name: sql<string | null>`cp.last_name`,
};

/**
 * The two statements of a list request, as drizzle query builders on `db` (public API: they can be
 * awaited, `.prepare(name)`d, or turned into SQL with `.getSQL()`). The page is
 *   with "page" as (the arms' union, sorted, limit + offset) select <ITEM_COLUMNS> from page p join ...
 * and the count `select count(*)::int from (select 1 from (the arms' union) h limit 1001) c`: the
 * statements the list always ran, written through the builder instead of as one `sql` text.
 */
function statementsOf(db: DbOrTx, filter: ListFilter, p: Params) {
  const page = db.$with('page', { id: sql<string>`id`, created_at: sql<Date | string>`created_at` }).as(
    sql`select h.id, h.created_at from (${arms(filter, p.n, p)}) h
      order by h.created_at desc, h.id desc limit ${p.pageRows} offset ${p.offset}`,
  );
  // Without a filter or a term the total is the user's kept member count (migration 0031), read here
  // with the page: no count statement.
  const listedTotal =
    !filter.status && !filter.role && !searchOf(filter.q)
      ? sql<
          number | null
        >`coalesce((select m.total from ${transactionMemberCounts} m where m.user_id = ${p.userId}), 0)`
      : sql<number | null>`null::int`;
  const pageQuery = db
    .with(page)
    .select({ ...ITEM_COLUMNS, listed_total: listedTotal })
    .from(
      sql`page p
    join transactions t on t.id = p.id
    left join users c on c.id = t.creator_id
    left join users cp on cp.id = t.counterparty_id`,
    )
    .orderBy(sql`p.created_at desc, p.id desc`);
  const countQuery = db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(select 1 from (${arms(filter, LIST_TOTAL_CAP + 1, p)}) h limit ${LIST_TOTAL_CAP + 1}) c`);
  return { page: pageQuery, count: countQuery };
}

/**
 * The two statements of a list request as SQL, exactly as the list runs them (the growth test EXPLAINs
 * these). `db` only builds them; nothing runs.
 */
export function listStatements(db: DbOrTx, filter: ListFilter) {
  const { page, count } = statementsOf(db, filter, valuesOf(filter));
  return { offset: (filter.page - 1) * filter.limit, page: page.getSQL(), count: count.getSQL() };
}

/**
 * Without a search term a request has one of four shapes (status filter or not, role filter or not):
 * each is a named prepared statement per database handle (drizzle's `.prepare(name)`), so no SQL is
 * built per request and PostgreSQL parses and plans it once per connection (on PGlite, a declared pure
 * read runs as a named statement of db/pglite-prepared.ts). A search's statements are built once per
 * shape too (status, role, trigram or window, id or not) but run unnamed, so PostgreSQL plans each for
 * its term: the best plan depends on it (the trigram index for a rare term, the newest-first walk for a
 * common one), and a named statement may switch to one generic plan after five executions.
 */
const placeholders: Params = {
  userId: sql.placeholder('userId'),
  status: sql.placeholder('status'),
  creatorRole: {
    asCreator: sql.placeholder('creatorRoleAsCreator'),
    asCounterparty: sql.placeholder('creatorRoleAsCounterparty'),
  },
  n: sql.placeholder('n'),
  pageRows: sql.placeholder('pageRows'),
  offset: sql.placeholder('offset'),
  term: sql.placeholder('term'),
  idReference: sql.placeholder('idReference'),
  idEnd: sql.placeholder('idEnd'),
};

/**
 * The statement names of a shape (exported for the test that checks they are prepared); a search's
 * are empty: unnamed statements.
 */
export const listStatementNames = (filter: Pick<ListFilter, 'status' | 'role' | 'q'>) => {
  if (searchOf(filter.q)) return { page: '', count: '' };
  const shape = `${filter.status ? 's' : ''}${filter.role ? 'r' : ''}` || 'all';
  return { page: `transactions_list_page_${shape}`, count: `transactions_list_count_${shape}` };
};

/** What decides a statement's text: the filters present and the kind of search. */
function shapeOf(filter: ListFilter) {
  const search = searchOf(filter.q);
  const term = search ? `${search.kind}${search.id ? '+id' : ''}` : 'none';
  return `${filter.status ? 's' : ''}${filter.role ? 'r' : ''}:${term}`;
}

function prepareStatements(db: Db, filter: ListFilter) {
  const statements = statementsOf(db, filter, placeholders);
  const names = listStatementNames(filter);
  // Plain SELECTs: the embedded read cache may keep their answers. Not a search's: on PGlite a declared
  // pure read runs as a named statement.
  const cache = searchOf(filter.q) ? null : readCacheOf(db);
  cache?.pureRead(statements.page.toSQL().sql);
  cache?.pureRead(statements.count.toSQL().sql);
  return {
    page: withCompiledRowMapper(statements.page.prepare(names.page)),
    count: statements.count.prepare(names.count),
  };
}
const preparedByDb = new WeakMap<Db, Map<string, ReturnType<typeof prepareStatements>>>();

function preparedStatements(db: Db, filter: ListFilter) {
  const shape = shapeOf(filter);
  let byShape = preparedByDb.get(db);
  if (!byShape) preparedByDb.set(db, (byShape = new Map()));
  let prepared = byShape.get(shape);
  if (!prepared) byShape.set(shape, (prepared = prepareStatements(db, filter)));
  return prepared;
}

type ItemRow = {
  id: string;
  description: string;
  currency: string;
  price: string;
  fee: string;
  total: string;
  use_courier: boolean;
  status: TransactionStatus;
  /** null on a brokered trade until its seller joins. */
  creator_id: string | null;
  creator_role: PartyRole;
  counterparty_id: string | null;
  /** A brokered trade's broker, else null. */
  broker_id: string | null;
  auto_release_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  creator_first_name: string | null;
  creator_last_name: string | null;
  counterparty_first_name: string | null;
  counterparty_last_name: string | null;
  /** The kept total of an unfiltered list (every row carries it), else null. */
  listed_total: number | null;
};

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const iso = (value: Date | string) => new Date(value).toISOString();

function toListItem(row: ItemRow, viewerId: string): TransactionListItem {
  // The broker only watches; its role falls back as in the transaction view (transactions.view.ts): the
  // creator side is the seller's, so BUYER. Screens check viewerIsBroker.
  const viewerIsBroker = row.broker_id !== null && row.broker_id === viewerId;
  return {
    id: row.id,
    description: row.description,
    currency: row.currency,
    price: toMajor(BigInt(row.price)),
    fee: toMajor(BigInt(row.fee)),
    total: toMajor(BigInt(row.total)),
    useCourier: row.use_courier,
    status: row.status,
    creatorId: row.creator_id ?? '',
    creatorName: fullName(row.creator_first_name, row.creator_last_name),
    creatorRole: row.creator_role,
    counterpartyId: row.counterparty_id,
    counterpartyName: row.counterparty_id
      ? fullName(row.counterparty_first_name, row.counterparty_last_name)
      : null,
    viewerRole: viewerIsBroker
      ? oppositeRole(row.creator_role)
      : row.creator_id === viewerId
        ? row.creator_role
        : oppositeRole(row.creator_role),
    viewerIsBroker,
    autoReleaseAt: row.auto_release_at === null ? null : iso(row.auto_release_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * One page of the viewer's transactions as slim list items, `hasMore`, and the capped total. Without a
 * search term, the embedded database keeps the answer until the next write (db/read-cache.ts).
 */
export async function listTransactionItems(db: DbOrTx, filter: ListFilter): Promise<TransactionList> {
  const cache = !searchOf(filter.q) ? readCacheOf(db) : null;
  if (!cache) return readPage(db, filter);
  const { userId, page, limit, status, role } = filter;
  return cache.read(`transactions-page:${JSON.stringify([userId, page, limit, status, role])}`, () =>
    readPage(db, filter),
  );
}

async function readPage(db: DbOrTx, filter: ListFilter): Promise<TransactionList> {
  const offset = (filter.page - 1) * filter.limit;
  let runPage: () => Promise<ItemRow[]>;
  let runCount: () => Promise<{ n: number }[]>;
  if (isRootDb(db)) {
    const prepared = preparedStatements(db, filter);
    const values = paramsOf(filter);
    runPage = () => prepared.page.execute(values);
    runCount = () => prepared.count.execute(values);
  } else {
    const statements = statementsOf(db, filter, valuesOf(filter));
    runPage = () => statements.page.execute();
    runCount = () => statements.count.execute();
  }
  const rows = await runPage();
  const hasMore = rows.length > filter.limit;
  const items = rows.slice(0, filter.limit).map((row) => toListItem(row, filter.userId));
  let counted: number;
  if (!hasMore && (items.length > 0 || offset === 0)) {
    // The page holds the last match: the total is known without counting.
    counted = offset + items.length;
  } else if (rows[0]?.listed_total != null) {
    counted = rows[0].listed_total;
  } else {
    const count = await runCount();
    counted = Number(count[0]?.n ?? 0);
  }
  return {
    transactions: items,
    page: filter.page,
    limit: filter.limit,
    hasMore,
    total: Math.min(counted, LIST_TOTAL_CAP),
    totalCapped: counted > LIST_TOTAL_CAP,
  };
}
