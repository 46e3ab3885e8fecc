import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_TOTAL_CAP, type TransactionList } from '@escrow/shared/schemas/transactions';
import type { App } from '../../app.ts';
import { migrationStatement } from '../../testing/migration-statement.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createKey, partnerCall, partnerOrder } from '../partner/partner.test-support.ts';
import { createTransaction, createUser, get, join, post, type TestUser } from '../../testing/test-kit.ts';

/**
 * transaction_member_counts (migration 0031) keeps, per user, how many transactions list them (as creator,
 * counterparty or broker): the unfiltered list's total. Every write that adds, moves or removes a member
 * keeps it equal to a count of the rows, and the list answers it without counting.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type Figures = { kept: number | null; counted: number };
async function figures(userId: string): Promise<Figures> {
  const { rows } = (await app.deps.db.execute(sql`select
      (select total from transaction_member_counts where user_id = ${userId}) as kept,
      (select count(*)::int from transactions
        where creator_id = ${userId} or counterparty_id = ${userId} or broker_id = ${userId}) as counted`)) as {
    rows: Figures[];
  };
  return rows[0]!;
}
const kept = async (user: TestUser) => (await figures(user.id)).kept;

async function listTotal(
  user: TestUser,
  query = '',
): Promise<Pick<TransactionList, 'total' | 'totalCapped'>> {
  const res = await get(app, user, `/api/transactions/my-transactions?limit=1${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const { total, totalCapped } = res.json().data as TransactionList;
  return { total, totalCapped };
}

describe('the kept member counts', () => {
  it('follow creating, joining, cancelling and a brokered trade, and give the list its total', async () => {
    const [ada, bayo, broker, seller, buyer] = await Promise.all([
      createUser(app, 'Ada'),
      createUser(app, 'Bayo'),
      createUser(app, 'Broker'),
      createUser(app, 'Segun'),
      createUser(app, 'Bimpe'),
    ]);
    expect(await kept(ada)).toBeNull();

    const first = await createTransaction(app, ada, { description: 'Generator' });
    await createTransaction(app, ada, { description: 'Sofa set', creatorRole: 'SELLER' });
    expect(await kept(ada)).toBe(2);
    expect(await kept(bayo)).toBeNull();

    expect((await join(app, bayo, first.code)).statusCode).toBe(200);
    expect(await kept(bayo)).toBe(1);
    const cancelled = await post(app, ada, `/api/transactions/${first.transaction.id}/cancel`, {
      reason: 'Changed my mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await kept(ada)).toBe(2);
    expect(await kept(bayo)).toBe(1);

    const key = await createKey(app, broker);
    const res = await partnerCall(
      app,
      key,
      'POST',
      '/transactions',
      partnerOrder(buyer.email, {
        role: 'BROKER',
        description: 'Brokered phone',
        price: 10_001,
        seller: { email: seller.email, firstName: 'Segun' },
        commission: 1_000,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const invitations = res.json().data.transaction.invitations as { role: string; inviteCode: string }[];
    const codeOf = (role: string) => invitations.find((i) => i.role === role)!.inviteCode;
    expect(await kept(broker)).toBe(1);
    expect((await join(app, seller, codeOf('SELLER'))).statusCode).toBe(200);
    expect((await join(app, buyer, codeOf('BUYER'))).statusCode).toBe(200);
    expect([await kept(seller), await kept(buyer), await kept(broker)]).toEqual([1, 1, 1]);

    for (const user of [ada, bayo, broker, seller, buyer]) {
      const { kept: total, counted } = await figures(user.id);
      expect(total).toBe(counted);
      expect(await listTotal(user)).toEqual({ total: counted, totalCapped: false });
    }
    // With a filter the list still counts: the same figure.
    expect(await listTotal(ada, '&status=PENDING')).toEqual({ total: 1, totalCapped: false });
    // Without one it reads the kept count and counts nothing: a count set by hand shows.
    await app.deps.db.execute(
      sql`update transaction_member_counts set total = 1500 where user_id = ${ada.id}`,
    );
    expect(await listTotal(ada)).toEqual({ total: LIST_TOTAL_CAP, totalCapped: true });
    await app.deps.db.execute(sql`update transaction_member_counts set total = 2 where user_id = ${ada.id}`);
    expect(await listTotal(ada)).toEqual({ total: 2, totalCapped: false });
  });

  it('follow rows written and deleted by hand, and cap the list at LIST_TOTAL_CAP', async () => {
    const [heavy, other] = await Promise.all([createUser(app, 'Heavy'), createUser(app, 'Other')]);
    const rows = LIST_TOTAL_CAP + 4;
    await app.deps.db.execute(sql`insert into transactions
        (id, description, currency, price, fee, total, use_courier, shipping_type, creator_id, creator_role,
         counterparty_id, status)
      select gen_random_uuid()::text, 'Lot ' || n, 'NGN', 100000, 2500, 102500, false, 'SELLER_DELIVERY',
             ${heavy.id}, 'BUYER',
             case when n % 2 = 0 then ${other.id} end, 'PENDING'
        from generate_series(1, ${rows}) n`);
    expect(await figures(heavy.id)).toEqual({ kept: rows, counted: rows });
    expect(await figures(other.id)).toEqual({ kept: rows / 2, counted: rows / 2 });
    expect(await listTotal(heavy)).toEqual({ total: LIST_TOTAL_CAP, totalCapped: true });
    expect(await listTotal(other)).toEqual({ total: rows / 2, totalCapped: false });

    // A member handed over and a row deleted move both users' counts.
    await app.deps.db.execute(sql`update transactions set counterparty_id = null
      where id = (select id from transactions where counterparty_id = ${other.id} limit 1)`);
    await app.deps.db.execute(sql`delete from transactions
      where id = (select id from transactions where creator_id = ${heavy.id} and counterparty_id is null limit 1)`);
    expect(await figures(heavy.id)).toEqual({ kept: rows - 1, counted: rows - 1 });
    expect(await figures(other.id)).toEqual({ kept: rows / 2 - 1, counted: rows / 2 - 1 });
    // A status update leaves the counts as they are.
    await app.deps.db.execute(
      sql`update transactions set status = 'CANCELLED' where creator_id = ${heavy.id}`,
    );
    expect(await figures(heavy.id)).toEqual({ kept: rows - 1, counted: rows - 1 });
  });

  it('migration 0031 counts the trades that existed before it', async () => {
    const backfill = migrationStatement(
      '0031_transaction_member_counts.sql',
      'INSERT INTO transaction_member_counts (user_id, total)',
    );
    let drift: unknown[] | undefined;
    let refilled: number | undefined;
    await expect(
      app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`delete from transaction_member_counts`);
        await tx.execute(sql.raw(backfill));
        const counts = (await tx.execute(sql`select count(*)::int as n from transaction_member_counts`)) as {
          rows: { n: number }[];
        };
        refilled = counts.rows[0]!.n;
        drift = (
          (await tx.execute(sql`select u.id from users u
            left join transaction_member_counts m on m.user_id = u.id
            where coalesce(m.total, 0) <> (select count(*) from transactions t
              where t.creator_id = u.id or t.counterparty_id = u.id or t.broker_id = u.id)`)) as {
            rows: unknown[];
          }
        ).rows;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(refilled).toBeGreaterThanOrEqual(7);
    expect(drift).toEqual([]);
  });
});
