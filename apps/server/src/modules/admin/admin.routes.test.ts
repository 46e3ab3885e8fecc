import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { createTestUser, deposit, type TestUser } from '../wallet/wallet.test-helpers.ts';

let app: App;
let admin: TestUser;
let support: TestUser;
let user: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'ADMIN' });
  support = await createTestUser(app, { role: 'SUPPORT' });
  user = await createTestUser(app);
  await deposit(app, user, 250);
});
afterAll(async () => {
  expect((await checkLedger(app.deps.db)).problems).toEqual([]);
  await app.close();
});

describe('GET /api/admin/ledger/check', () => {
  it('gives ADMIN and SUPPORT the reconciliation report', async () => {
    for (const staff of [admin, support]) {
      const res = await app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: staff.headers });
      expect(res.statusCode).toBe(200);
      const report = res.json().data.report;
      expect(report).toMatchObject({ ok: true, problems: [] });
      expect(report.entries).toBeGreaterThanOrEqual(1);
      expect(report.postings).toBeGreaterThanOrEqual(2);
    }
  });

  it('refuses users (403) and strangers (401)', async () => {
    const asUser = await app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: user.headers });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/ledger/check' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/admin/users/{id}/verification-level', () => {
  const setLevel = (who: TestUser, id: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}/verification-level`,
      headers: who.headers,
      payload: payload as object,
    });

  it('lets an ADMIN raise a level, which the wallet limits then follow', async () => {
    const target = await createTestUser(app);
    const res = await setLevel(admin, target.user.id, { verificationLevel: 'PREMIUM' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toEqual({
      id: target.user.id,
      email: target.user.email,
      verificationLevel: 'PREMIUM',
    });
    const wallet = await app.inject({ method: 'GET', url: '/api/wallet', headers: target.headers });
    expect(wallet.json().data.wallet.limits).toMatchObject({ dailyWithdrawal: 5_000_000, maxBalance: null });
  });

  it('refuses SUPPORT and users (403), unknown users (404) and bad levels (400)', async () => {
    const target = await createTestUser(app);
    expect((await setLevel(support, target.user.id, { verificationLevel: 'PREMIUM' })).statusCode).toBe(403);
    expect((await setLevel(user, user.user.id, { verificationLevel: 'PREMIUM' })).statusCode).toBe(403);
    const unknown = await setLevel(admin, 'no-such-user', { verificationLevel: 'ENHANCED' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    for (const body of [{ verificationLevel: 'GOLD' }, {}, { verificationLevel: 3 }]) {
      const res = await setLevel(admin, target.user.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const wallet = await app.inject({ method: 'GET', url: '/api/wallet', headers: target.headers });
    expect(wallet.json().data.wallet.verificationLevel).toBe('BASIC');
  });
});
