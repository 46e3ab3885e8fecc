import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import type { WalletEntry } from '@escrow/shared/schemas/wallet';
import type { App } from '../../app.ts';
import { translate } from '../../lib/i18n.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  createTransaction,
  createUser,
  deposit,
  get,
  join,
  post,
  put,
  type TestUser,
} from '../../testing/test-kit.ts';
import { checkLedger } from '../ledger/index.ts';

/**
 * Wallet history lines carrying a value (a milestone's title) are stored in English and written as one
 * whole message in the reader's saved language (docs/languages.md), English reading as it always did.
 */
let app: App;
let seller: TestUser;
let buyer: TestUser;
// An apostrophe and braces: a value is never read as ICU.
const TITLE = "Ade's roof {phase 1}";

beforeAll(async () => {
  app = await createTestApp();
  seller = await createUser(app, 'Bísí');
  buyer = await createUser(app, 'Musa');
  expect((await put(app, seller, '/api/auth/me', { language: 'yo' })).statusCode).toBe(200);
  const { transaction, code } = await createTransaction(app, seller, {
    creatorRole: 'SELLER',
    price: 10_000,
    milestones: [
      { title: TITLE, amount: 4_000 },
      { title: 'Finishing', amount: 6_000 },
    ],
  });
  expect((await join(app, buyer, code)).statusCode).toBe(200);
  await deposit(app, buyer, transaction.total);
  const paid = await put(app, buyer, `/api/transactions/${transaction.id}/confirm-payment`, {
    paymentMethod: 'WALLET',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const t = paid.json().data.transaction as Transaction;
  const milestone = `/api/transactions/${t.id}/milestones/${t.milestones[0]!.id}`;
  const delivered = await post(app, seller, `${milestone}/deliver`, { note: 'Done' });
  expect(delivered.statusCode, delivered.body).toBe(200);
  // The first of two milestones: a part release of the hold, whose ledger line names the milestone.
  const accepted = await post(app, buyer, `${milestone}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
});

const releaseLine = async () => {
  const res = await get(app, seller, '/api/wallet/transactions');
  expect(res.statusCode, res.body).toBe(200);
  const lines = (res.json().data.entries as WalletEntry[]).filter((e) => e.type === 'escrow_release');
  expect(lines).toHaveLength(1);
  return lines[0]!.description;
};

describe('a milestone release in the seller’s wallet history', () => {
  it('reads in Yoruba with the title inside, for a Yoruba seller', async () => {
    const yoruba = translate('yo', 'Milestone released to seller: {title}', { title: TITLE });
    expect(yoruba).not.toBe(`Milestone released to seller: ${TITLE}`);
    expect(yoruba).toContain(TITLE);
    expect(await releaseLine()).toBe(yoruba);
  });

  it('reads in English as stored once the seller switches to English', async () => {
    expect((await put(app, seller, '/api/auth/me', { language: 'en' })).statusCode).toBe(200);
    expect(await releaseLine()).toBe(`Milestone released to seller: ${TITLE}`);
  });
});
