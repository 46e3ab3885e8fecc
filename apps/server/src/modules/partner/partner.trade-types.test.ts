import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import { bearer, logIn, signUp } from '../auth/auth.test-support.ts';
import {
  createUser,
  deposit,
  get,
  ledgerCheck,
  makeAdmin,
  post,
  put,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';
import { createKey, partnerCall, partnerOrder, type PartnerKey } from './partner.test-support.ts';

/**
 * The trade types through the partner API (issue "Trade types"): a shop sells in milestones and
 * delivers each through the API; a shop sells face to face and enters the buyer's code through the API.
 */
describe('trade types through the partner API', () => {
  let app: App;
  let shop: TestUser;
  let admin: TestUser;
  let key: PartnerKey;

  beforeAll(async () => {
    app = await createTestApp();
    shop = await createUser(app, 'Shop');
    admin = await createUser(app, 'Admin');
    await makeAdmin(app, admin);
    key = await createKey(app, shop);
  });
  afterAll(async () => {
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
    await app?.close();
  });

  /** The invited buyer signs up with the invited e-mail, joins and pays from the wallet. */
  async function buyerJoinsAndPays(
    transaction: { id: string; total: number; invitations: { inviteCode: string }[] },
    email: string,
  ) {
    const signed = await signUp(app, { email });
    const token = await logIn(app, signed.email, signed.password);
    const buyer = { id: signed.user.id, email, token, headers: bearer(token), name: 'Buyer' } as TestUser;
    const joined = await post(app, buyer, '/api/transactions/join', {
      inviteCode: transaction.invitations[0]!.inviteCode,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    await deposit(app, buyer, transaction.total);
    const paid = await put(app, buyer, `/api/transactions/${transaction.id}/confirm-payment`, {
      paymentMethod: 'WALLET',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { buyer, paid: paid.json().data.transaction };
  }

  it('a split-fee milestone sale: the shop delivers each milestone through the API, the buyer accepts', async () => {
    const email = uniqueEmail('mbuyer');
    const created = await partnerCall(
      app,
      key,
      'POST',
      '/transactions',
      partnerOrder(email, {
        price: 10_001,
        feePayer: 'SPLIT',
        milestones: [
          { title: 'Design', amount: 4_000.5 },
          { title: 'Build', amount: 6_000.5 },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const tx = created.json().data.transaction;
    expect(tx).toMatchObject({ feePayer: 'SPLIT', buyerPays: 10_126.02, sellerReceives: 9_875.99 });
    const { buyer, paid } = await buyerJoinsAndPays(tx, email);
    expect(paid.status).toBe('IN_PROGRESS');
    const before = await walletBalance(app, shop);
    for (const milestone of paid.milestones as { id: string }[]) {
      const delivered = await partnerCall(
        app,
        key,
        'POST',
        `/transactions/${tx.id}/milestones/${milestone.id}/deliver`,
        { note: 'Delivered, see the shared folder' },
      );
      expect(delivered.statusCode, delivered.body).toBe(200);
      const accepted = await post(app, buyer, `/api/transactions/${tx.id}/milestones/${milestone.id}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    const seen = (await partnerCall(app, key, 'GET', `/transactions/${tx.id}`)).json().data.transaction;
    expect(seen).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
    expect(Math.round(((await walletBalance(app, shop)) - before) * 100)).toBe(987_599);
  });

  it('a face-to-face sale: the shop enters the buyer’s release code through the API', async () => {
    const email = uniqueEmail('hbuyer');
    const created = await partnerCall(
      app,
      key,
      'POST',
      '/transactions',
      partnerOrder(email, { price: 25_000, shippingType: 'IN_PERSON' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const tx = created.json().data.transaction;
    const { buyer, paid } = await buyerJoinsAndPays(tx, email);
    expect(paid.status).toBe('WAITING_FOR_HANDOVER');
    const code = (await get(app, buyer, `/api/transactions/${tx.id}/handover`)).json().data.code as string;
    const wrong = await partnerCall(app, key, 'POST', `/transactions/${tx.id}/handover`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).not.toContain(code);
    const right = await partnerCall(app, key, 'POST', `/transactions/${tx.id}/handover`, { code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.transaction).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
    expect(right.body).not.toContain(`"${code}"`);
  });
});
