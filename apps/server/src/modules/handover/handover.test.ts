import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_TEXT } from '@escrow/shared/schemas/handover';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { disputeBody, pendingId, propose } from '../disputes/disputes.test-support.ts';
import {
  createTransaction,
  createUser,
  get,
  ledgerCheck,
  makeAdmin,
  post,
  walletBalance,
  type TestUser,
} from '../../testing/test-kit.ts';
import {
  enterCode,
  handoverUrl,
  mentions,
  paidInPersonTrade,
  releaseCodeOf,
  wrongCodeFor,
  type Parties,
} from './handover.test-support.ts';

let app: App;
let admin: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  [admin, stranger] = await Promise.all([createUser(app, 'Root'), createUser(app, 'Stella')]);
  await makeAdmin(app, admin);
});
afterAll(async () => {
  expect((await ledgerCheck(app, admin)).ok).toBe(true);
  await app.close();
});
/** A fresh buyer and seller per test: wallets and notification lists are the test's own. */
const pair = async (): Promise<Parties> => {
  const [buyer, seller] = await Promise.all([createUser(app, 'Bola'), createUser(app, 'Sade')]);
  return { buyer, seller };
};
const transactionOf = async (id: string, who: TestUser) =>
  (await get(app, who, `/api/transactions/${id}`)).json().data.transaction;
const notificationsOf = async (who: TestUser, id: string) =>
  (await get(app, who, '/api/notifications?limit=100'))
    .json()
    .data.notifications.filter((n: { transactionId: string }) => n.transactionId === id) as {
    title: string;
    message: string;
    type: string;
  }[];

describe('the handover journey', () => {
  it('the buyer reads the code, the seller enters it, and the escrow is released once', async () => {
    const parties = await pair();
    const { buyer, seller } = parties;
    const id = await paidInPersonTrade(app, parties, 1000);
    expect((await transactionOf(id, seller)).status).toBe('WAITING_FOR_HANDOVER');

    const read = await get(app, buyer, handoverUrl(id));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const { code, lockedUntil } = read.json().data;
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(lockedUntil).toBeNull();
    // The same code on every read until it is replaced.
    expect(await releaseCodeOf(app, buyer, id)).toBe(code);

    const sellerRead = await get(app, seller, handoverUrl(id));
    expect(sellerRead.statusCode).toBe(403);
    expect(mentions(sellerRead.body, code)).toBe(false);
    expect((await post(app, seller, `${handoverUrl(id)}/regenerate`)).statusCode).toBe(403);
    expect((await enterCode(app, buyer, id, code)).statusCode).toBe(403);
    for (const res of [
      await get(app, stranger, handoverUrl(id)),
      await enterCode(app, stranger, id, code),
      await post(app, stranger, `${handoverUrl(id)}/regenerate`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(mentions(res.body, code)).toBe(false);
    }

    const sellerBefore = await walletBalance(app, seller);
    const wrong = await enterCode(app, seller, id, wrongCodeFor(code));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      success: false,
      code: 'HANDOVER_CODE_INVALID',
      error: HANDOVER_TEXT.wrongCode(4),
      details: { triesLeft: 4 },
    });

    const right = await enterCode(app, seller, id, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().message).toBe(HANDOVER_TEXT.released);
    expect(right.json().data.transaction).toMatchObject({ status: 'COMPLETED', paymentStatus: 'RELEASED' });
    expect(mentions(right.body, code)).toBe(false);
    expect(await walletBalance(app, seller)).toBe(sellerBefore + 1000);

    // Once: the code is spent and the trade is over.
    expect((await enterCode(app, seller, id, code)).statusCode).toBe(409);
    expect((await get(app, buyer, handoverUrl(id))).statusCode).toBe(409);
    expect(await walletBalance(app, seller)).toBe(sellerBefore + 1000);
    const activities = (await get(app, seller, `/api/transactions/${id}/activities`)).json().data.activities;
    expect(activities.map((a: { description: string }) => a.description)).toContain(HANDOVER_TEXT.activity);
    expect(mentions(JSON.stringify(activities), code)).toBe(false);
    expect((await notificationsOf(seller, id)).map((n) => n.title)).toContain('Funds released');
    expect((await ledgerCheck(app, admin)).ok).toBe(true);
  });

  it('is refused before payment and on trades that are not in person', async () => {
    const parties = await pair();
    const { transaction } = await createTransaction(app, parties.buyer, { shippingType: 'IN_PERSON' });
    const pending = await get(app, parties.buyer, handoverUrl(transaction.id));
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe(HANDOVER_TEXT.notWaiting);
    const courier = await createTransaction(app, parties.buyer, { useCourier: true });
    const res = await get(app, parties.buyer, handoverUrl(courier.transaction.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(HANDOVER_TEXT.notWaiting);
  });
});

describe('the API document', () => {
  it('lists the three routes', async () => {
    const paths = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    expect(Object.keys(paths['/api/transactions/{id}/handover'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(paths['/api/transactions/{id}/handover/regenerate'].post).toBeDefined();
  });
});

describe('bad input', () => {
  const raw = (app: App, seller: TestUser, id: string, payload: string) =>
    app.inject({
      method: 'POST',
      url: handoverUrl(id),
      headers: { ...seller.headers, 'content-type': 'application/json' },
      payload,
    });

  it('refuses every malformed entry with a 400 envelope, without counting it or moving money', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties);
    const code = await releaseCodeOf(app, parties.buyer, id);
    const before = await walletBalance(app, parties.seller);
    const bodies: [string, string][] = [
      ['no body', ''],
      ['an empty object', '{}'],
      ['five digits', JSON.stringify({ code: code.slice(0, 5) })],
      ['seven digits', JSON.stringify({ code: `${code}0` })],
      ['letters', JSON.stringify({ code: 'abcdef' })],
      ['the right digits with a space', JSON.stringify({ code: ` ${code}` })],
      ['a trailing newline', JSON.stringify({ code: `${code}\n` })],
      ['full-width digits', JSON.stringify({ code: '１２３４５６' })],
      ['a number', `{"code": ${Number(`1${code}`)}}`],
      ['null', '{"code": null}'],
      ['an array', JSON.stringify({ code: [code] })],
      ['an object', JSON.stringify({ code: { $gt: '' } })],
      ['a huge string', JSON.stringify({ code: '1'.repeat(200_000) })],
      ['a __proto__ key', `{"__proto__": {"code": "${code}"}}`],
      ['a __proto__ key beside the code', `{"code": "${code}", "__proto__": {"admin": true}}`],
      ['a constructor.prototype key', `{"code": "${code}", "constructor": {"prototype": {"x": 1}}}`],
      ['not JSON', '{"code": '],
      ['a NUL', JSON.stringify({ code: '12345\u0000' })],
    ];
    for (const [label, payload] of bodies) {
      const res = await raw(app, parties.seller, id, payload);
      expect([400, 413], `${label}: ${res.body}`).toContain(res.statusCode);
      expect(res.json(), label).toMatchObject({ success: false, code: expect.any(String) });
      expect(mentions(res.body, code), label).toBe(false);
    }
    expect(await walletBalance(app, parties.seller)).toBe(before);
    expect((await transactionOf(id, parties.buyer)).status).toBe('WAITING_FOR_HANDOVER');
    // None of them counted as a wrong code.
    expect((await enterCode(app, parties.seller, id, wrongCodeFor(code))).json().details).toEqual({
      triesLeft: 4,
    });
  });
});

describe('a replaced code', () => {
  it('stops working at once; the new one releases', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties);
    const old = await releaseCodeOf(app, parties.buyer, id);
    const replaced = await post(app, parties.buyer, `${handoverUrl(id)}/regenerate`);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().message).toBe(HANDOVER_TEXT.regenerated);
    const fresh = replaced.json().data.code as string;
    expect(fresh).toMatch(/^[0-9]{6}$/);
    expect(fresh).not.toBe(old);
    expect(await releaseCodeOf(app, parties.buyer, id)).toBe(fresh);

    const stale = await enterCode(app, parties.seller, id, old);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().code).toBe('HANDOVER_CODE_INVALID');
    const ok = await enterCode(app, parties.seller, id, fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await post(app, parties.buyer, `${handoverUrl(id)}/regenerate`)).statusCode).toBe(409);
  });

  it('works before the code was ever read, and keeps a lock', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties);
    // The seller guesses before the buyer opened the code: counted like any wrong code.
    for (let i = 0; i < 5; i += 1) await enterCode(app, parties.seller, id, '123456');
    const replaced = (await post(app, parties.buyer, `${handoverUrl(id)}/regenerate`)).json().data;
    expect(replaced.lockedUntil).not.toBeNull();
    expect((await enterCode(app, parties.seller, id, replaced.code)).statusCode).toBe(429);
  });
});

describe('disputes', () => {
  it('either party may raise one while waiting; NO_ACTION returns to the handover, and the code still works', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties);
    const code = await releaseCodeOf(app, parties.buyer, id);
    const raised = await post(app, parties.seller, '/api/disputes', disputeBody(id));
    expect(raised.statusCode, raised.body).toBe(201);
    expect((await transactionOf(id, parties.buyer)).status).toBe('DISPUTED');
    // Nothing is released while disputed.
    expect((await enterCode(app, parties.seller, id, code)).statusCode).toBe(409);
    expect((await get(app, parties.buyer, handoverUrl(id))).statusCode).toBe(409);

    const proposed = await propose(app, parties.seller, raised.json().data.id, 'NO_ACTION');
    expect(proposed.statusCode, proposed.body).toBe(200);
    const accepted = await post(
      app,
      parties.buyer,
      `/api/disputes/resolutions/${pendingId(proposed.json())}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await transactionOf(id, parties.buyer)).status).toBe('WAITING_FOR_HANDOVER');
    expect(await releaseCodeOf(app, parties.buyer, id)).toBe(code);
    const released = await enterCode(app, parties.seller, id, code);
    expect(released.statusCode, released.body).toBe(200);
  });

  it('the buyer may raise one too', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties);
    const raised = await post(app, parties.buyer, '/api/disputes', disputeBody(id));
    expect(raised.statusCode, raised.body).toBe(201);
  });
});

describe('idempotency', () => {
  it('a repeated entry with the same Idempotency-Key replays the first answer', async () => {
    const parties = await pair();
    const id = await paidInPersonTrade(app, parties);
    const code = await releaseCodeOf(app, parties.buyer, id);
    const before = await walletBalance(app, parties.seller);
    const send = () =>
      app.inject({
        method: 'POST',
        url: handoverUrl(id),
        headers: { ...parties.seller.headers, 'idempotency-key': `handover-${id}` },
        payload: { code },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await walletBalance(app, parties.seller)).toBe(before + 1000);
  });
});
