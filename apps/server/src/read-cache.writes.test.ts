import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { readCacheOf } from './db/read-cache.ts';
import { transactions } from './db/schema/transactions.ts';
import { users } from './db/schema/users.ts';
import { createTestApp } from './testing/test-app.ts';
import {
  checklist,
  createTransaction,
  createUser,
  deliveryDetails,
  deposit,
  driveTo,
  get,
  join,
  post,
  put,
  shipment,
  uploadPhoto,
  type TestUser,
} from './testing/test-kit.ts';
import { disputeBody } from './modules/disputes/disputes.test-support.ts';

/**
 * The embedded read cache (db/read-cache.ts) never answers with data a write has changed. For each kind
 * of write: the reads are made (and so cached), the write runs, and every read must then answer what
 * the database holds (the same read with the cache emptied first); the reads the write changes are
 * named, so a write the reads did not see would fail here. On PostgreSQL there is no cache and the same
 * table checks the answers are fresh there too.
 */
let app: App;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Bola');
  seller = await createUser(app, 'Sade');
});
afterAll(() => app.close());

type ReadName = 'record' | 'buyerWallet' | 'sellerWallet' | 'buyerList' | 'sellerList';

async function readAll(id: string): Promise<Record<ReadName, unknown>> {
  const body = async (user: TestUser, url: string) => {
    const res = await get(app, user, url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  return {
    record: await body(buyer, `/api/transactions/${id}`),
    buyerWallet: await body(buyer, '/api/wallet'),
    sellerWallet: await body(seller, '/api/wallet'),
    buyerList: await body(buyer, '/api/transactions/my-transactions'),
    sellerList: await body(seller, '/api/transactions/my-transactions'),
  };
}

const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
};

type Write = {
  name: string;
  /** The transaction the reads look at, in the state the write needs. */
  setup: () => Promise<string>;
  write: (id: string) => Promise<void>;
  /** The reads this write must change. */
  changes: ReadName[];
};

let inviteCode = '';
const pending = async () => (await createTransaction(app, buyer, { price: 1000 })).transaction.id;
const courierPending = async () => {
  const { transaction, code } = await createTransaction(app, buyer, { price: 1000, useCourier: true });
  await ok(join(app, seller, code));
  return transaction.id;
};
const active = () => driveTo(app, { buyer, seller }, 'ACTIVE');
const paid = () => driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
const shipped = () => driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');

const WRITES: Write[] = [
  {
    name: 'joining by invitation',
    setup: async () => {
      const { transaction, code } = await createTransaction(app, buyer, { price: 1000 });
      inviteCode = code;
      return transaction.id;
    },
    write: () => ok(join(app, seller, inviteCode)),
    changes: ['record', 'sellerList'],
  },
  {
    name: 'creating a transaction',
    setup: pending,
    write: async () => void (await createTransaction(app, buyer, { price: 2000 })),
    changes: ['buyerList'],
  },
  {
    name: 'delivery details',
    setup: courierPending,
    write: (id) => ok(put(app, buyer, `/api/transactions/${id}/delivery-details`, { deliveryDetails })),
    changes: ['record'],
  },
  {
    name: 'a wallet deposit',
    setup: pending,
    write: () => deposit(app, buyer, 5000),
    changes: ['buyerWallet'],
  },
  {
    name: 'paying from the wallet (escrow hold)',
    setup: async () => {
      const id = await active();
      await deposit(app, buyer, 2000);
      return id;
    },
    write: (id) =>
      ok(put(app, buyer, `/api/transactions/${id}/confirm-payment`, { paymentMethod: 'WALLET' })),
    changes: ['record', 'buyerWallet', 'buyerList', 'sellerList'],
  },
  {
    name: 'shipping',
    setup: paid,
    write: async (id) => {
      const photo = await uploadPhoto(app, seller, id);
      await ok(
        put(app, seller, `/api/transactions/${id}/shipping-details`, {
          shipmentData: shipment([photo], false),
        }),
      );
    },
    changes: ['record', 'buyerList', 'sellerList'],
  },
  {
    name: 'confirming receipt (escrow release)',
    setup: shipped,
    write: (id) => ok(put(app, buyer, `/api/transactions/${id}/confirm-receipt`, checklist)),
    changes: ['record', 'buyerWallet', 'sellerWallet', 'buyerList', 'sellerList'],
  },
  {
    name: 'cancelling',
    setup: pending,
    write: (id) => ok(post(app, buyer, `/api/transactions/${id}/cancel`, { reason: 'Changed my mind' })),
    changes: ['record', 'buyerList'],
  },
  {
    name: 'opening a dispute',
    setup: shipped,
    write: (id) => ok(post(app, buyer, '/api/disputes', disputeBody(id)), 201),
    changes: ['record', 'buyerList', 'sellerList'],
  },
  {
    name: "a party's name change (profile)",
    setup: active,
    write: () => ok(put(app, seller, '/api/auth/me', { firstName: `Sadia${Date.now() % 1000}` })),
    changes: ['record', 'buyerList'],
  },
  {
    name: 'a verification level change (a direct update)',
    setup: pending,
    write: async () => {
      await app.deps.db.update(users).set({ verificationLevel: 'ENHANCED' }).where(eq(users.id, buyer.id));
      app.tokens.invalidateUser(buyer.id);
    },
    changes: ['buyerWallet'],
  },
  {
    name: 'raw SQL inside a database transaction',
    setup: pending,
    write: async (id) => {
      await app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`update transactions set description = 'Changed in SQL' where id = ${id}`);
      });
    },
    changes: ['record', 'buyerList'],
  },
  {
    name: 'a direct update outside any transaction',
    setup: pending,
    write: async (id) => {
      await app.deps.db
        .update(transactions)
        .set({ description: 'Changed directly' })
        .where(eq(transactions.id, id));
    },
    changes: ['record', 'buyerList'],
  },
];

describe('the embedded read cache after each kind of write', () => {
  it('is on for the embedded database only', () => {
    expect(readCacheOf(app.deps.db) !== null).toBe(app.deps.databaseKind === 'pglite');
  });

  it.each(WRITES)('$name: every read answers what the database holds', async ({ setup, write, changes }) => {
    const id = await setup();
    const cache = readCacheOf(app.deps.db);
    const before = await readAll(id);
    // Read twice: the second answers come from the cache on the embedded database.
    expect(await readAll(id)).toEqual(before);
    // All five answers are kept (a read whose statement were not declared pure would empty the cache).
    if (cache) expect(cache.stats.size).toBeGreaterThanOrEqual(5);
    await write(id);
    const after = await readAll(id);
    cache?.bump();
    expect(after).toEqual(await readAll(id));
    for (const name of changes) expect(after[name], name).not.toEqual(before[name]);
  });
});
