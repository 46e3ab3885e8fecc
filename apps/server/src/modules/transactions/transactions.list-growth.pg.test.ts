import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIST_TOTAL_CAP } from '@escrow/shared/schemas/transactions';
import { openDatabase, type Database } from '../../db/client.ts';
import {
  SHORT_TERM_WINDOW,
  listStatements,
  listTransactionItems,
  type ListFilter,
} from './transactions.list.ts';

/**
 * The transactions list costs the same for 1,000 and 100,000 transactions (service suite only: the
 * planner that matters is PostgreSQL's). One user with 1,000 transactions and one with 100,000, seeded
 * by SQL on a database of this file's own (its statistics and plans are not disturbed by other files),
 * then the statements the list runs are EXPLAINed: no Seq Scan on transactions, and the rows they read
 * from transactions stay within one page (or, for the count, LIST_TOTAL_CAP + 1) whatever the history.
 * Timings are printed for people, never asserted.
 */

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
};
type Explained = { plan: PlanNode; planningMs: number; executionMs: number };

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
const onTransactions = (plan: PlanNode) => nodes(plan).filter((n) => n['Relation Name'] === 'transactions');
/** Rows the plan took out of the transactions table or its indexes (kept or filtered away). */
const rowsRead = (plan: PlanNode) =>
  onTransactions(plan).reduce(
    (sum, n) =>
      sum +
      (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
        n['Actual Loops'],
    0,
  );
const buffers = (plan: PlanNode) => plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
/** Every index the plan read (bitmap index scans name no relation, so all nodes are looked at). */
const indexesUsed = (plan: PlanNode) => new Set(nodes(plan).flatMap((n) => n['Index Name'] ?? []));

describe.runIf(Boolean(inject('databaseUrl')))('transactions list cost as an account grows', () => {
  const shared = new URL(inject('databaseUrl') || 'postgres://unused/none');
  const name = `${shared.pathname.slice(1)}_list_growth`;
  const own = new URL(shared);
  own.pathname = `/${name}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: shared.toString() });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  let database: Database;
  const SMALL = 'growth-small';
  const LARGE = 'growth-large';
  const sizes = { [SMALL]: 1_000, [LARGE]: 100_000 } as const;
  const report: string[] = [];
  const BROKER = 'growth-broker';
  const BROKER_TRADES = 30_000;

  const explain = async (statement: SQL): Promise<Explained> => {
    const { rows } = (await database.db.execute(
      sql`explain (analyze, buffers, format json) ${statement}`,
    )) as unknown as {
      rows: { 'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }] }[];
    };
    const [top] = rows[0]!['QUERY PLAN'];
    return { plan: top.Plan, planningMs: top['Planning Time'], executionMs: top['Execution Time'] };
  };

  /** EXPLAINs both statements of a list request for both users, after one warm-up run each. */
  const compare = async (label: string, filter: Omit<ListFilter, 'userId' | 'page' | 'limit'>) => {
    const result = {} as Record<keyof typeof sizes, { page: Explained; count: Explained }>;
    for (const userId of [SMALL, LARGE] as const) {
      const statements = listStatements(database.db, { userId, page: 1, limit: 20, ...filter });
      await explain(statements.page);
      await explain(statements.count);
      result[userId] = { page: await explain(statements.page), count: await explain(statements.count) };
      for (const which of ['page', 'count'] as const) {
        const e = result[userId][which];
        report.push(
          `${label.padEnd(22)} ${String(sizes[userId]).padStart(6)} ${which.padEnd(5)} ` +
            `exec ${e.executionMs.toFixed(2).padStart(6)} ms  plan ${e.planningMs.toFixed(2).padStart(5)} ms  ` +
            `buffers ${String(buffers(e.plan)).padStart(5)}  rows read ${String(rowsRead(e.plan)).padStart(5)}  ` +
            `[${[...indexesUsed(e.plan)].join(', ')}]`,
        );
      }
    }
    for (const userId of [SMALL, LARGE] as const)
      for (const which of ['page', 'count'] as const) {
        const { plan } = result[userId][which];
        expect(onTransactions(plan).map((n) => n['Node Type'])).not.toContain('Seq Scan');
      }
    return result;
  };

  beforeAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    database = await openDatabase({ kind: 'postgres', url: own.toString(), poolMax: 2 });
    const run = (statement: SQL) => database.db.execute(statement);
    await run(sql`insert into users (id, email, password_hash, first_name, last_name) values
      (${SMALL}, 'growth-small@example.com', 'x', 'Sola', 'Small'),
      (${LARGE}, 'growth-large@example.com', 'x', 'Lara', 'Large'),
      ('growth-rare', 'growth-rare@example.com', 'x', 'Zebulon', 'Quartermaine')`);
    await run(sql`insert into users (id, email, password_hash, first_name, last_name)
      select 'growth-partner-' || i, 'growth-partner-' || i || '@example.com', 'x',
        (array['Ada', 'Bola', 'Chidi', 'Emeka', 'Funke', 'Ngozi'])[1 + i % 6], 'Okafor' || i
      from generate_series(1, 300) i`);
    // Other people on the platform, so that finding a name is a job for the name index.
    await run(sql`insert into users (id, email, password_hash, first_name, last_name)
      select 'growth-person-' || i, 'growth-person-' || i || '@example.com', 'x',
        (array['Tunde', 'Kemi', 'Ifeoma', 'Yusuf', 'Amaka', 'Segun'])[1 + i % 6], 'Adeyemi' || i
      from generate_series(1, 20000) i`);
    // Each owner: n - 1 here and one with the rare partner below; half created (as buyer or seller), half
    // joined; every status but PENDING; one minute apart.
    for (const [owner, n] of Object.entries(sizes))
      await run(sql`insert into transactions (id, description, price, fee, total, use_courier, shipping_type, status,
          creator_id, creator_role, counterparty_id, created_at, updated_at)
        select gen_random_uuid()::text,
          (array['Used iPhone 13 128GB', 'Samsung Galaxy S21', 'Sofa set, 3 seater', 'HP laptop 15 inch',
                 'Rice 50kg bag', 'Generator 3.5kVA'])[1 + i % 6] || ' lot ' || i,
          100000, 2500, 102500, i % 3 = 0, case when i % 3 = 0 then 'COURIER' else 'SELLER_DELIVERY' end,
          (array['ACTIVE', 'WAITING_FOR_PAYMENT', 'WAITING_FOR_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION',
                 'COMPLETED', 'COMPLETED', 'COMPLETED', 'CANCELLED'])[1 + i % 8],
          case when i % 2 = 0 then ${owner} else 'growth-partner-' || (1 + i % 300) end,
          case when i % 4 < 2 then 'BUYER' else 'SELLER' end,
          case when i % 2 = 0 then 'growth-partner-' || (1 + i % 300) else ${owner} end,
          now() - i * interval '1 minute', now() - i * interval '1 minute'
        from generate_series(1, ${n - 1}) i`);
    // Other people's deals, some sharing trigrams with the rare term ('harmonium').
    await run(sql`insert into transactions (id, description, price, fee, total, use_courier, shipping_type, status,
        creator_id, creator_role, counterparty_id, created_at, updated_at)
      select gen_random_uuid()::text, 'Background item ' || i || case when i % 10 = 0 then ' harmonium' else '' end,
        100000, 2500, 102500, false, 'SELLER_DELIVERY', 'COMPLETED', 'growth-partner-' || (1 + i % 300), 'BUYER',
        'growth-partner-' || (1 + (i + 7) % 300), now() - i * interval '30 seconds', now()
      from generate_series(1, 5000) i`);
    // The rare term and the rare partner: the newest, one in the middle and the oldest of each history,
    // a few PENDING deals (a rare status) spread the same way.
    for (const [owner, n] of Object.entries(sizes)) {
      await run(sql`update transactions set description = 'Vintage harmonica in its case'
        where id in (select id from transactions where creator_id = ${owner} order by created_at desc limit 1)
          or id in (select id from transactions where creator_id = ${owner}
            order by created_at desc offset ${Math.floor(n / 4)} limit 1)
          or id in (select id from transactions where creator_id = ${owner} order by created_at asc limit 1)`);
      await run(sql`update transactions set status = 'PENDING'
        where id in (select id from transactions where ${owner} in (creator_id, counterparty_id)
          order by created_at desc offset 5 limit 1)
        or id in (select id from transactions where ${owner} in (creator_id, counterparty_id)
          order by created_at asc limit 2)`);
      await run(sql`insert into transactions (id, description, price, fee, total, use_courier, shipping_type, status,
          creator_id, creator_role, counterparty_id, created_at, updated_at)
        values (gen_random_uuid()::text, 'Drum kit', 100000, 2500, 102500, false, 'SELLER_DELIVERY', 'ACTIVE', 'growth-rare',
          'SELLER', ${owner}, now() - ${Math.floor(n / 3)} * interval '1 minute', now())`);
    }
    // A marketplace that brokered BROKER_TRADES trades between the partners (partner API role BROKER).
    await run(sql`insert into users (id, email, password_hash, first_name, last_name)
      values (${BROKER}, 'growth-broker@example.com', 'x', 'Bimpe', 'Broker')`);
    await run(sql`insert into transactions (id, description, price, fee, total, use_courier, shipping_type, status,
        creator_id, creator_role, counterparty_id, broker_id, commission, created_at, updated_at)
      select gen_random_uuid()::text, 'Brokered lot ' || i, 100000, 2500, 102500, false, 'SELLER_DELIVERY',
        (array['ACTIVE', 'WAITING_FOR_PAYMENT', 'COMPLETED', 'COMPLETED', 'CANCELLED'])[1 + i % 5],
        'growth-partner-' || (1 + i % 300), 'BUYER', 'growth-partner-' || (1 + (i + 11) % 300), ${BROKER}, 1000,
        now() - i * interval '1 minute', now() - i * interval '1 minute'
      from generate_series(1, ${BROKER_TRADES}) i`);
    await run(sql`update transactions set status = 'PENDING'
      where id in (select id from transactions where broker_id = ${BROKER} order by created_at desc offset 7 limit 2)`);
    await run(sql`vacuum analyze transactions`);
    await run(sql`analyze users`);
  }, 120_000);

  afterAll(async () => {
    if (report.length) console.log(`transactions list, 1,000 vs 100,000:\n${report.join('\n')}`);
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('first page: each side read newest first, one page of rows, the kept total; a count stops at 1,001', async () => {
    const plans = await compare('first page', {});
    for (const userId of [SMALL, LARGE] as const) {
      const { page, count } = plans[userId];
      expect(indexesUsed(page.plan)).toEqual(
        new Set([
          'transactions_creator_list_idx',
          'transactions_counterparty_list_idx',
          // The broker's side (brokered trades it watches; none here): its own partial index.
          'transactions_broker_list_idx',
          'transactions_pkey',
          'users_pkey',
          // The total, kept per user (migration 0031): one row, whatever the history.
          'transaction_member_counts_pkey',
        ]),
      );
      // Three sides of at most 21 rows each, the 21 rows of the page fetched by id, and the kept total.
      expect(rowsRead(page.plan)).toBeLessThanOrEqual(3 * 21 + 21 + 1);
      // The count statement, which a later page past the end runs, still stops at 1,001.
      expect(rowsRead(count.plan)).toBeLessThanOrEqual(3 * (LIST_TOTAL_CAP + 1));
      expect(nodes(count.plan).find((n) => n['Node Type'] === 'Limit')?.['Actual Rows']).toBeLessThanOrEqual(
        LIST_TOTAL_CAP + 1,
      );
    }
    // A longer history costs no more buffers (same pages of the same indexes).
    expect(buffers(plans[LARGE].page.plan)).toBeLessThanOrEqual(buffers(plans[SMALL].page.plan) + 20);
    expect(buffers(plans[LARGE].count.plan)).toBeLessThanOrEqual(buffers(plans[SMALL].count.plan) + 20);

    const small = await listTransactionItems(database.db, { userId: SMALL, page: 1, limit: 20 });
    const large = await listTransactionItems(database.db, { userId: LARGE, page: 1, limit: 20 });
    expect(small).toMatchObject({ hasMore: true, total: 1000, totalCapped: false });
    expect(large).toMatchObject({ hasMore: true, total: LIST_TOTAL_CAP, totalCapped: true });
  });

  it('a rare term goes through the trigram index, not the history', async () => {
    const plans = await compare("search 'harmonica'", { q: 'harmonica' });
    for (const userId of [SMALL, LARGE] as const) {
      const { page, count } = plans[userId];
      expect(rowsRead(page.plan)).toBeLessThan(200);
      expect(rowsRead(count.plan)).toBeLessThan(200);
    }
    expect(indexesUsed(plans[LARGE].page.plan)).toContain('transactions_description_trgm_idx');
    const found = await listTransactionItems(database.db, {
      userId: LARGE,
      page: 1,
      limit: 20,
      q: 'HARMONICA',
    });
    expect(found).toMatchObject({ total: 3, totalCapped: false, hasMore: false });
    expect(found.transactions.every((t) => t.description === 'Vintage harmonica in its case')).toBe(true);
  });

  it('an id reference goes through the reference index', async () => {
    const oldest = async (owner: string) => {
      const { rows } = (await database.db.execute(sql`select id from transactions where creator_id = ${owner}
        order by created_at asc limit 1`)) as unknown as { rows: { id: string }[] };
      return rows[0]!.id;
    };
    const targets = { [SMALL]: await oldest(SMALL), [LARGE]: await oldest(LARGE) };
    for (const userId of [SMALL, LARGE] as const) {
      const q = `#${targets[userId].slice(-8)}`;
      const { page } = (await compare(`search #ref (${sizes[userId]}'s)`, { q }))[userId];
      expect(rowsRead(page.plan)).toBeLessThan(200);
      expect(indexesUsed(page.plan)).toContain('transactions_id_reference_idx');
      const found = await listTransactionItems(database.db, { userId, page: 1, limit: 20, q });
      expect(found.transactions.map((t) => t.id)).toEqual([targets[userId]]);
    }
  });

  it("the other party's rare name goes through the name index and the pair's own index", async () => {
    const plans = await compare("search 'quartermaine'", { q: 'quartermaine' });
    for (const userId of [SMALL, LARGE] as const) {
      expect(rowsRead(plans[userId].page.plan)).toBeLessThan(200);
      expect(indexesUsed(plans[userId].page.plan)).toContain('users_full_name_trgm_idx');
    }
    const found = await listTransactionItems(database.db, {
      userId: LARGE,
      page: 1,
      limit: 20,
      q: 'Quartermaine',
    });
    expect(found.transactions.map((t) => t.creatorName)).toEqual(['Zebulon Quartermaine']);
  });

  it('a rare status reads its own range; a short term reads a bounded window', async () => {
    const status = await compare('status PENDING', { status: 'PENDING' });
    const short = await compare("search 'ab'", { q: 'ab' });
    for (const userId of [SMALL, LARGE] as const) {
      expect(rowsRead(status[userId].page.plan)).toBeLessThan(100);
      expect(rowsRead(short[userId].page.plan)).toBeLessThanOrEqual(3 * SHORT_TERM_WINDOW + 100);
      expect(rowsRead(short[userId].count.plan)).toBeLessThanOrEqual(3 * SHORT_TERM_WINDOW + 100);
    }
    const pending = await listTransactionItems(database.db, {
      userId: LARGE,
      page: 1,
      limit: 20,
      status: 'PENDING',
    });
    expect(pending).toMatchObject({ total: 3, hasMore: false });
  });

  it("a broker's long history: one page from the broker's own indexes", async () => {
    const first = listStatements(database.db, { userId: BROKER, page: 1, limit: 20 });
    const pending = listStatements(database.db, { userId: BROKER, page: 1, limit: 20, status: 'PENDING' });
    for (const [label, statements] of [
      ['broker first page', first],
      ['broker PENDING', pending],
    ] as const) {
      await explain(statements.page);
      const page = await explain(statements.page);
      const count = await explain(statements.count);
      report.push(
        `${label.padEnd(22)} ${String(BROKER_TRADES).padStart(6)} page  exec ${page.executionMs.toFixed(2)} ms  ` +
          `rows read ${rowsRead(page.plan)}  [${[...indexesUsed(page.plan)].join(', ')}]`,
      );
      for (const plan of [page.plan, count.plan])
        expect(onTransactions(plan).map((n) => n['Node Type'])).not.toContain('Seq Scan');
      // The broker is on no party side: those read nothing; its own side at most a page (21 rows), and
      // the 21 rows of the page fetched by id.
      expect(rowsRead(page.plan)).toBeLessThanOrEqual(3 * 21 + 21);
      expect(rowsRead(count.plan)).toBeLessThanOrEqual(3 * (LIST_TOTAL_CAP + 1));
    }
    expect(indexesUsed((await explain(first.page)).plan)).toContain('transactions_broker_list_idx');
    // The PENDING page is held to its rows read above, not to an index name: with two pending trades in
    // the broker's history the planner may as well read the few PENDING rows of the whole table by status.

    const list = await listTransactionItems(database.db, { userId: BROKER, page: 1, limit: 20 });
    expect(list).toMatchObject({ hasMore: true, total: LIST_TOTAL_CAP, totalCapped: true });
    expect(list.transactions).toHaveLength(20);
    expect(list.transactions[0]?.description).toBe('Brokered lot 1');
    const waiting = await listTransactionItems(database.db, {
      userId: BROKER,
      page: 1,
      limit: 20,
      status: 'PENDING',
    });
    expect(waiting).toMatchObject({ total: 2, hasMore: false });
  });
});
