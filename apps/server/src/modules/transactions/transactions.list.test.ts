import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_TOTAL_CAP,
  transactionListItemSchema,
  type TransactionList,
} from '@escrow/shared/schemas/transactions';
import { createTestApp } from '../../testing/test-app.ts';
import { listStatements } from './transactions.list.ts';
import type { App } from '../../app.ts';
import { createTransaction, createUser, get, join, type TestUser } from '../../testing/test-kit.ts';

/**
 * GET /api/transactions/my-transactions: the paging shape (slim items, hasMore, a total exact up to
 * 1,000 and capped beyond), search (id, description, the other party's name; short terms; hostile
 * terms). Long histories are seeded by SQL; the cost itself is checked on PostgreSQL by
 * transactions.list-growth.pg.test.ts.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const list = async (user: TestUser, query = ''): Promise<TransactionList> => {
  const res = await get(app, user, `/api/transactions/my-transactions${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ids = (answer: TransactionList) => answer.transactions.map((t) => t.id);
const search = async (user: TestUser, q: string) => ids(await list(user, `q=${encodeURIComponent(q)}`));

/** `n` transactions created by `owner` with `partner` joined, newest first one minute apart. */
async function seed(owner: TestUser, partner: TestUser, n: number, description = 'Seeded item') {
  await app.deps.db.execute(sql`insert into transactions (id, description, price, fee, total, use_courier,
      shipping_type, status, creator_id, creator_role, counterparty_id, created_at, updated_at)
    select gen_random_uuid()::text, ${description} || ' ' || i, 100000, 2500, 102500, false, 'SELLER_DELIVERY', 'ACTIVE',
      ${owner.id}, 'BUYER', ${partner.id}, now() - interval '1 day' - i * interval '1 minute', now()
    from generate_series(1, ${n}) i`);
}

describe('paging shape', () => {
  it('answers slim items, newest first, with hasMore exact at the boundary', async () => {
    const me = await createUser(app, 'Pager');
    const other = await createUser(app, 'Partner');
    const first = await createTransaction(app, me, { description: 'First deal' });
    const second = await createTransaction(app, me, { creatorRole: 'SELLER', description: 'Second deal' });
    await join(app, other, second.code);
    const third = await createTransaction(app, other, { description: 'Third deal' });
    await join(app, me, third.code);
    const fourth = await createTransaction(app, me, { description: 'Fourth deal' });

    const all = await list(me);
    expect(ids(all)).toEqual([fourth, third, second, first].map((t) => t.transaction.id));
    expect(all).toMatchObject({ page: 1, limit: 20, hasMore: false, total: 4, totalCapped: false });
    // Exactly the list item's fields: the full transaction is only on GET /transactions/{id}.
    for (const item of all.transactions) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(transactionListItemSchema.shape).sort());
      expect(transactionListItemSchema.strict().safeParse(item).success).toBe(true);
    }
    const joined = all.transactions.find((t) => t.id === third.transaction.id)!;
    expect(joined).toMatchObject({
      description: 'Third deal',
      creatorId: other.id,
      creatorName: other.name,
      creatorRole: 'BUYER',
      counterpartyId: me.id,
      counterpartyName: me.name,
      viewerRole: 'SELLER',
      status: 'ACTIVE',
      price: 150000,
      fee: 3750,
      total: 153750,
      currency: 'NGN',
      useCourier: false,
    });
    expect(all.transactions.find((t) => t.id === fourth.transaction.id)).toMatchObject({
      counterpartyId: null,
      counterpartyName: null,
      viewerRole: 'BUYER',
    });

    // Two full pages of two: the first has more, the second (the last two) has not.
    expect(await list(me, 'limit=2&page=1')).toMatchObject({ hasMore: true, total: 4, totalCapped: false });
    const last = await list(me, 'limit=2&page=2');
    expect(last).toMatchObject({ page: 2, hasMore: false, total: 4 });
    expect(ids(last)).toEqual([second.transaction.id, first.transaction.id]);
    const partial = await list(me, 'limit=3&page=2');
    expect(partial).toMatchObject({ hasMore: false, total: 4 });
    expect(ids(partial)).toEqual([first.transaction.id]);
    const beyond = await list(me, 'limit=2&page=5');
    expect(beyond).toMatchObject({ transactions: [], hasMore: false, total: 4, totalCapped: false });

    const empty = await list(await createUser(app, 'Newcomer'));
    expect(empty).toMatchObject({ transactions: [], hasMore: false, total: 0, totalCapped: false });
  });

  it('counts exactly up to 1,000 and answers totalCapped past it', async () => {
    const exact = await createUser(app, 'Thousand');
    const over = await createUser(app, 'Overflow');
    const partner = await createUser(app, 'Counter');
    await seed(exact, partner, LIST_TOTAL_CAP);
    await seed(over, partner, LIST_TOTAL_CAP + 1);

    expect(await list(exact)).toMatchObject({ hasMore: true, total: 1000, totalCapped: false });
    const lastOfExact = await list(exact, 'limit=20&page=50');
    expect(lastOfExact).toMatchObject({ hasMore: false, total: 1000, totalCapped: false });
    expect(lastOfExact.transactions).toHaveLength(20);

    expect(await list(over)).toMatchObject({ hasMore: true, total: 1000, totalCapped: true });
    expect(await list(over, 'limit=100&page=10')).toMatchObject({ hasMore: true, totalCapped: true });
    const lastOfOver = await list(over, 'limit=20&page=51');
    expect(lastOfOver).toMatchObject({ hasMore: false, total: 1000, totalCapped: true });
    expect(lastOfOver.transactions).toHaveLength(1);
    expect(await list(over, 'limit=20&page=52')).toMatchObject({
      transactions: [],
      hasMore: false,
      totalCapped: true,
    });
    // The partner sees both histories from the other side: 2,001 joined transactions.
    expect(await list(partner, 'role=SELLER')).toMatchObject({ total: 1000, totalCapped: true });
    expect(await list(partner, 'role=BUYER')).toMatchObject({ total: 0, hasMore: false });
    // Search counts the same way.
    expect(await list(over, 'q=seeded')).toMatchObject({ total: 1000, totalCapped: true, hasMore: true });
    expect(await list(over, 'q=seeded%20item%201000')).toMatchObject({ total: 1, totalCapped: false });
  });
});

describe('search', () => {
  let me: TestUser;
  let obinna: TestUser;
  let lens: string;
  let sofa: string;
  let joined: string;
  let odd: string;
  beforeAll(async () => {
    me = await createUser(app, 'Quintessa');
    obinna = await createUser(app, 'Obinna');
    const mallam = await createUser(app, 'Mallam');
    lens = (await createTransaction(app, me, { description: 'Vintage Camera Lens' })).transaction.id;
    const sofaDeal = await createTransaction(app, me, { creatorRole: 'SELLER', description: 'Sofa set' });
    await join(app, obinna, sofaDeal.code);
    sofa = sofaDeal.transaction.id;
    const theirs = await createTransaction(app, mallam, { description: 'Generator' });
    await join(app, me, theirs.code);
    joined = theirs.transaction.id;
    odd = (
      await createTransaction(app, me, {
        description: String.raw`100% cotton_shirt, size "M" o'neil \ slash`,
      })
    ).transaction.id;
    // Not mine: never found, whatever the term.
    await createTransaction(app, obinna, { description: 'Vintage Camera Body' });
  });

  it('by description, case-insensitive', async () => {
    expect(await search(me, 'camera')).toEqual([lens]);
    expect(await search(me, 'VINTAGE cam')).toEqual([lens]);
    expect(await search(me, 'generator')).toEqual([joined]);
  });

  it("by the other party's name, never the viewer's own", async () => {
    expect(await search(me, 'obinna')).toEqual([sofa]);
    expect(await search(me, obinna.name)).toEqual([sofa]);
    expect(await search(me, 'mallam')).toEqual([joined]);
    // The viewer's own name is on every one of their transactions; it matches none of them.
    expect(await search(me, 'quintessa')).toEqual([]);
    expect(await search(obinna, 'quintessa')).toEqual([sofa]);
  });

  it('by id: the whole id, or an end of it from the reference the cards show (8 characters) up', async () => {
    expect(await search(me, sofa)).toEqual([sofa]);
    expect(await search(me, sofa.toUpperCase())).toEqual([sofa]);
    expect(await search(me, sofa.slice(-8))).toEqual([sofa]);
    expect(await search(me, `#${sofa.slice(-8).toUpperCase()}`)).toEqual([sofa]);
    expect(await search(me, sofa.slice(-12))).toEqual([sofa]);
    // Another user's id is never found, nor is an id end with a wrong character.
    expect(await search(obinna, sofa.slice(-8))).toEqual([sofa]);
    expect(await search(await createUser(app, 'Stranger'), sofa)).toEqual([]);
    expect(await search(me, `${sofa.slice(-8, -1)}_`)).toEqual([]);
    expect(await search(me, `${sofa.slice(-8, -1)}%`)).toEqual([]);
    // A term that no id can end with (not hexadecimal digits and dashes) adds no id clause to plan.
    const idClause = (q: string) =>
      new PgDialect().sqlToQuery(listStatements(app.deps.db, { userId: me.id, page: 1, limit: 20, q }).page)
        .sql;
    expect(idClause(`#${sofa.slice(-8).toUpperCase()}`)).toContain('right(t.id, 8)');
    expect(idClause('gramophone')).not.toContain('right(t.id, 8)');
  });

  it('short terms (1-2 characters) still answer correctly', async () => {
    expect(await search(me, 'ns')).toEqual([lens]);
    expect(await search(me, 'Ob')).toEqual([sofa]);
    expect(await search(me, '%')).toEqual([odd]);
    expect(await search(me, '_')).toEqual([odd]);
    expect(await search(me, '\\')).toEqual([odd]);
    expect(await search(me, "'")).toEqual([odd]);
    expect(await search(me, '"')).toEqual([odd]);
    expect(await search(me, '#')).toEqual([]);
    // 'Qu' is in the viewer's own name only.
    expect(await search(me, 'Qu')).toEqual([]);
    expect(await search(obinna, 'Qu')).toEqual([sofa]);
  });

  it('wildcards and quotes match themselves in longer terms too', async () => {
    expect(await search(me, '100%')).toEqual([odd]);
    expect(await search(me, '100% cotton_shirt')).toEqual([odd]);
    expect(await search(me, 'cotton%shirt')).toEqual([]);
    expect(await search(me, 'cotton_shirt')).toEqual([odd]);
    expect(await search(me, 'cottonXshirt')).toEqual([]);
    expect(await search(me, "o'neil")).toEqual([odd]);
    expect(await search(me, 'size "M"')).toEqual([odd]);
    expect(await search(me, 'neil \\ slash')).toEqual([odd]);
    expect(await search(me, 'sofa%')).toEqual([]);
  });

  it('combines with the status and role filters', async () => {
    // 'o': Sofa set, Generator (Mallam's, where I sell), 100% cotton...; not Vintage Camera Lens.
    expect(ids(await list(me, 'q=o&role=SELLER'))).toEqual([joined, sofa]);
    expect(ids(await list(me, 'q=o&role=BUYER&status=PENDING'))).toEqual([odd]);
    expect(ids(await list(me, 'q=e&role=BUYER&status=PENDING'))).toEqual([odd, lens]);
    expect(ids(await list(me, 'q=generator&role=BUYER'))).toEqual([]);
    expect(ids(await list(me, 'q=generator&role=SELLER&status=ACTIVE'))).toEqual([joined]);
  });

  it('hostile terms answer 200 or 400, never 500', async () => {
    const terms = [
      '%',
      '%%%',
      '_',
      '\\',
      '\\\\%',
      "'",
      "' or 1=1 --",
      '"; drop table transactions; --',
      '%_\\\'"',
      '[a-z]*',
      '.*',
      '$1',
      '   ',
      'Ọlá',
      '👍🏽 deal',
      '\u200b',
      'a'.repeat(100),
      'a'.repeat(200),
      '%'.repeat(200),
      'x\u0000y',
    ];
    for (const q of terms) {
      const res = await get(app, me, `/api/transactions/my-transactions?q=${encodeURIComponent(q)}`);
      expect([200, 400], `${JSON.stringify(q)}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().data.transactions.length).toBeLessThanOrEqual(4);
    }
    expect((await get(app, me, `/api/transactions/my-transactions?q=${'a'.repeat(200)}`)).statusCode).toBe(
      400,
    );
    expect((await list(me, 'q=%20%20%20')).total).toBe(4);
  });
});
