import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionList } from '@escrow/shared/schemas/transactions';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createKey, partnerCall, partnerOrder } from '../partner/partner.test-support.ts';
import { createTransaction, createUser, get, join, type TestUser } from '../../testing/test-kit.ts';

/**
 * GET /api/transactions/my-transactions lists a brokered trade (partner API role BROKER) for its broker
 * too, read only (`viewerIsBroker: true`), newest first among its own trades; never for anyone else. The
 * stats count the viewer's purchases and sales only: a brokered trade is neither for its broker.
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

/** A ₦10,001.00 trade brokered by `broker` between a fresh seller and buyer, commission ₦1,000.00. */
async function brokered(broker: TestUser, description: string) {
  const key = await createKey(app, broker);
  const [seller, buyer] = await Promise.all([createUser(app, 'Segun'), createUser(app, 'Bimpe')]);
  const res = await partnerCall(
    app,
    key,
    'POST',
    '/transactions',
    partnerOrder(buyer.email, {
      role: 'BROKER',
      description,
      price: 10_001,
      seller: { email: seller.email, firstName: 'Segun' },
      commission: 1_000,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const tx = res.json().data.transaction as {
    id: string;
    invitations: { role: string; inviteCode: string }[];
  };
  const codeOf = (role: string) => tx.invitations.find((i) => i.role === role)!.inviteCode;
  return { id: tx.id, seller, buyer, sellerCode: codeOf('SELLER'), buyerCode: codeOf('BUYER') };
}

describe('the broker’s list', () => {
  it('lists a brokered trade for its broker, read only, and for each party once joined', async () => {
    const broker = await createUser(app, 'Market');
    const stranger = await createUser(app, 'Stranger');
    const own = await createTransaction(app, broker, { description: 'Own purchase' });
    const t = await brokered(broker, 'Brokered phone');

    const before = await list(broker);
    expect(ids(before)).toEqual([t.id, own.transaction.id]);
    expect(before.total).toBe(2);
    const item = before.transactions[0]!;
    expect(item).toMatchObject({
      id: t.id,
      description: 'Brokered phone',
      status: 'PENDING',
      viewerIsBroker: true,
      creatorId: '',
      creatorName: '',
      counterpartyId: null,
    });
    expect(before.transactions[1]).toMatchObject({ viewerIsBroker: false, viewerRole: 'BUYER' });

    // Strangers never see it; the invitees only once they joined.
    expect(ids(await list(stranger))).not.toContain(t.id);
    expect(ids(await list(t.seller))).toEqual([]);
    expect((await join(app, t.seller, t.sellerCode)).statusCode).toBe(200);
    expect((await join(app, t.buyer, t.buyerCode)).statusCode).toBe(200);
    expect((await list(t.seller)).transactions[0]).toMatchObject({
      id: t.id,
      viewerRole: 'SELLER',
      viewerIsBroker: false,
    });
    expect((await list(t.buyer)).transactions[0]).toMatchObject({
      id: t.id,
      viewerRole: 'BUYER',
      viewerIsBroker: false,
    });
    const after = (await list(broker)).transactions[0]!;
    expect(after).toMatchObject({ id: t.id, status: 'ACTIVE', viewerIsBroker: true });
    expect(ids(await list(stranger))).not.toContain(t.id);
  });

  it('filters the broker’s trades by status and search, and leaves them out of a role filter', async () => {
    const broker = await createUser(app, 'Bazaar');
    const own = await createTransaction(app, broker, { description: 'Own lamp' });
    const t = await brokered(broker, 'Brokered guitar');

    expect(ids(await list(broker, 'status=PENDING'))).toEqual([t.id, own.transaction.id]);
    expect(ids(await list(broker, 'status=ACTIVE'))).toEqual([]);
    expect(ids(await list(broker, 'role=BUYER'))).toEqual([own.transaction.id]);
    expect(ids(await list(broker, 'role=SELLER'))).toEqual([]);
    expect(ids(await list(broker, `q=${encodeURIComponent('guitar')}`))).toEqual([t.id]);
    expect(ids(await list(broker, 'q=gu'))).toEqual([t.id]);
    expect(ids(await list(broker, `q=${t.id.slice(-8)}`))).toEqual([t.id]);
    expect(ids(await list(broker, 'page=2&limit=1'))).toEqual([own.transaction.id]);
  });

  it('does not count a brokered trade as the broker’s purchase or sale', async () => {
    const broker = await createUser(app, 'Souk');
    await brokered(broker, 'Brokered bicycle');
    const res = await get(app, broker, '/api/transactions/stats');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 0, active: 0, completed: 0 });
  });
});
