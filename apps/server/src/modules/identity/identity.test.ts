import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_TEXT } from '@escrow/shared/schemas/identity';
import type { App } from '../../app.ts';
import { identityNumbers, verificationHistory } from '../../db/schema/identity.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, get, post, type TestUser } from '../../testing/test-kit.ts';
import { IdentityProviderUnavailable, type IdentityProvider } from './identity.provider.ts';
import { bvnBody, createLoggedApp, ninBody } from './identity.test-support.ts';

const lines: string[] = [];
const answers: string[] = [];
let app: App;

beforeAll(async () => {
  app = await createLoggedApp(lines);
});
afterAll(async () => {
  await app.close();
});

/** Every answer is kept, so the masking test can search them all. */
async function call(user: TestUser, path: string, body?: unknown) {
  const res = body === undefined ? await get(app, user, path) : await post(app, user, path, body);
  answers.push(res.body);
  return res;
}
const status = async (user: TestUser) => (await call(user, '/api/verification/status')).json().data;
const historyOf = (userId: string) =>
  app.deps.db.select().from(verificationHistory).where(eq(verificationHistory.userId, userId));

describe('NIN and BVN with the sandbox provider', () => {
  it('NIN raises BASIC to ENHANCED, BVN to PREMIUM, with trust score, limits and history', async () => {
    const user = await createUser(app, 'Ngozi');
    const nin = await call(user, '/api/verification/nin', ninBody(user, '12345678901'));
    expect(nin.statusCode, nin.body).toBe(200);
    expect(nin.json()).toMatchObject({
      success: true,
      message: 'NIN verification successful',
      data: {
        verificationLevel: 'ENHANCED',
        trustScore: 25,
        limits: { dailyWithdrawal: 200_000, maxBalance: 500_000 },
        masked: '*******8901',
      },
    });
    const bvn = await call(user, '/api/verification/bvn', bvnBody(user, '18765432109'));
    expect(bvn.statusCode, bvn.body).toBe(200);
    expect(bvn.json()).toMatchObject({
      message: 'BVN verification successful',
      data: {
        verificationLevel: 'PREMIUM',
        trustScore: 60,
        limits: { dailyWithdrawal: 5_000_000, maxBalance: null },
      },
    });
    const s = await status(user);
    expect(s.user).toEqual({
      verificationLevel: 'PREMIUM',
      trustScore: 60,
      isVerified: true,
      nin: '*******8901',
      bvn: '*******2109',
    });
    expect(s.status).toBe('FULLY_VERIFIED');
    expect(s.trustReasons).toEqual([
      { label: 'NIN verified', points: 25 },
      { label: 'BVN verified', points: 35 },
    ]);
    expect(
      s.history.map((h: { verificationType: string; status: string }) => [h.verificationType, h.status]),
    ).toEqual([
      ['BVN', 'APPROVED'],
      ['NIN', 'APPROVED'],
    ]);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ verificationLevel: 'PREMIUM', trustScore: 60, isVerified: true });
  });

  it('never lowers a level: NIN after BVN keeps PREMIUM', async () => {
    const user = await createUser(app, 'Tunde');
    expect((await call(user, '/api/verification/bvn', bvnBody(user, '13333333333'))).statusCode).toBe(200);
    const nin = await call(user, '/api/verification/nin', ninBody(user, '14444444444'));
    expect(nin.json().data).toMatchObject({ verificationLevel: 'PREMIUM', trustScore: 60 });
  });

  it('matches names without case or accents', async () => {
    const user = await createUser(app, 'Adéọlá');
    const [, lastName] = user.name.split(' ');
    const res = await call(
      user,
      '/api/verification/nin',
      ninBody(user, '15555555555', { firstName: 'ADEOLA', lastName: lastName!.toLowerCase() }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    [
      'a number found under another name',
      '22222222222',
      {},
      'NAME_MISMATCH',
      VERIFICATION_TEXT.nameMismatch('NIN'),
    ],
    [
      'names that are not the profile’s',
      '16666666666',
      { firstName: 'Someone' },
      'NAME_MISMATCH',
      VERIFICATION_TEXT.nameMismatch('NIN'),
    ],
    ['00000000000', '00000000000', {}, 'IDENTITY_NOT_FOUND', VERIFICATION_TEXT.notFound('NIN')],
    [
      'a number the sandbox does not know',
      '55555555555',
      {},
      'IDENTITY_NOT_FOUND',
      VERIFICATION_TEXT.notFound('NIN'),
    ],
  ])('refuses %s with 422 %s and records it, level unchanged', async (_what, nin, names, code, text) => {
    const user = await createUser(app, 'Bola');
    const res = await call(user, '/api/verification/nin', ninBody(user, nin, names));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, code, error: text, requestId: res.headers['x-request-id'] });
    const s = await status(user);
    expect(s.user).toMatchObject({ verificationLevel: 'BASIC', trustScore: 0, nin: null });
    expect(s.history).toMatchObject([{ verificationType: 'NIN', status: 'REJECTED', outcome: code }]);
    expect(s.attemptsLeftToday).toBe(4);
  });

  it('the same BVN answers the same outcome texts (not found, mismatch)', async () => {
    const user = await createUser(app, 'Kemi');
    const notFound = await call(user, '/api/verification/bvn', bvnBody(user, '00000000000'));
    expect(notFound.json()).toMatchObject({
      code: 'IDENTITY_NOT_FOUND',
      error: VERIFICATION_TEXT.notFound('BVN'),
    });
    const mismatch = await call(user, '/api/verification/bvn', bvnBody(user, '21111111111'));
    expect(mismatch.json()).toMatchObject({
      code: 'NAME_MISMATCH',
      error: VERIFICATION_TEXT.nameMismatch('BVN'),
    });
  });

  it('one NIN verifies one account: a second account gets IDENTITY_IN_USE (and so for BVN)', async () => {
    const first = await createUser(app, 'Emeka');
    const second = await createUser(app, 'Emeka');
    expect((await call(first, '/api/verification/nin', ninBody(first, '17777777777'))).statusCode).toBe(200);
    const taken = await call(second, '/api/verification/nin', ninBody(second, '17777777777'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'IDENTITY_IN_USE', error: VERIFICATION_TEXT.inUse('NIN') });
    expect((await call(first, '/api/verification/bvn', bvnBody(first, '17777777778'))).statusCode).toBe(200);
    const bvnTaken = await call(second, '/api/verification/bvn', bvnBody(second, '17777777778'));
    expect(bvnTaken.json()).toMatchObject({ code: 'IDENTITY_IN_USE', error: VERIFICATION_TEXT.inUse('BVN') });
    // The same digits as a NIN and as a BVN are different identities.
    const third = await createUser(app, 'Ife');
    expect((await call(third, '/api/verification/bvn', bvnBody(third, '17777777777'))).statusCode).toBe(200);
    expect((await status(second)).user.verificationLevel).toBe('BASIC');
  });

  it('a verified user sending the same number again gets the current answer; another number is refused', async () => {
    const user = await createUser(app, 'Sade');
    await call(user, '/api/verification/nin', ninBody(user, '18888888888'));
    const again = await call(user, '/api/verification/nin', ninBody(user, '18888888888'));
    expect(again.statusCode).toBe(200);
    const other = await call(user, '/api/verification/nin', ninBody(user, '18888888889'));
    expect(other.statusCode).toBe(409);
    expect((await historyOf(user.id)).length).toBe(1);
  });
});

describe('attempts and provider outages', () => {
  it('allows 5 answered attempts a day, then 429; nothing more is recorded', async () => {
    const user = await createUser(app, 'Musa');
    for (let i = 0; i < 5; i += 1)
      expect((await call(user, '/api/verification/nin', ninBody(user, '00000000000'))).statusCode).toBe(422);
    const sixth = await call(user, '/api/verification/bvn', bvnBody(user, '12345678901'));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED', error: VERIFICATION_TEXT.tooManyAttempts });
    expect((await historyOf(user.id)).length).toBe(5);
    expect((await status(user)).attemptsLeftToday).toBe(0);
  });

  it('provider unavailable: 503, nothing recorded, no attempt counted', async () => {
    const user = await createUser(app, 'Yemi');
    const real = app.deps.identityProvider;
    const down: IdentityProvider = {
      name: 'sandbox',
      lookup: () => Promise.reject(new IdentityProviderUnavailable('down', 'server')),
    };
    app.deps.identityProvider = down;
    try {
      for (let i = 0; i < 6; i += 1) {
        const res = await call(user, '/api/verification/nin', ninBody(user, '12121212121'));
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          error: VERIFICATION_TEXT.unavailable,
          requestId: res.headers['x-request-id'],
        });
      }
    } finally {
      app.deps.identityProvider = real;
    }
    expect(await historyOf(user.id)).toEqual([]);
    expect((await call(user, '/api/verification/nin', ninBody(user, '12121212121'))).statusCode).toBe(200);
  });
});

describe('consequences', () => {
  it('raises the withdrawal limit, the balance cap and lowers the fee quote', async () => {
    const user = await createUser(app, 'Chidi');
    const wallet = async () => (await call(user, '/api/wallet')).json().data.wallet.limits;
    const quote = async () =>
      (
        await call(user, '/api/escrow-calculator/calculate', {
          transactionAmount: 10_000,
          transactionType: 'GOODS',
          categoryName: 'Electronics',
        })
      ).json().data;
    expect(await wallet()).toMatchObject({ dailyWithdrawal: 50_000, maxBalance: 300_000 });
    // (1.5 + 0.3 + 0.1) × 1.5 (BASIC) × 1.4 (score < 30) = 3.99%
    expect(await quote()).toMatchObject({ feePercentage: 3.99, feeAmount: 399 });

    await call(user, '/api/verification/nin', ninBody(user, '19191919191'));
    expect(await wallet()).toMatchObject({ dailyWithdrawal: 200_000, maxBalance: 500_000 });
    // × 1.0 (ENHANCED) × 1.4 (score 25) = 2.66%
    expect(await quote()).toMatchObject({
      feePercentage: 2.66,
      riskFactors: { verificationLevel: 'ENHANCED', trustScore: 25 },
    });

    await call(user, '/api/verification/bvn', bvnBody(user, '19191919192'));
    expect(await wallet()).toMatchObject({ dailyWithdrawal: 5_000_000, maxBalance: null });
    // × 0.7 (PREMIUM) × 1.0 (score 60) = 1.33%
    expect(await quote()).toMatchObject({
      feePercentage: 1.33,
      riskFactors: { verificationLevel: 'PREMIUM', trustScore: 60 },
    });
    // The session's user (top bar badge) reads the new level too.
    expect((await call(user, '/api/auth/me')).json().data.user).toMatchObject({
      verificationLevel: 'PREMIUM',
      trustScore: 60,
    });
  });

  it('ENHANCED unlocks the virtual account; BASIC is refused', async () => {
    const user = await createUser(app, 'Obi');
    expect((await call(user, '/api/wallet/virtual-account', {})).statusCode).toBe(403);
    await call(user, '/api/verification/nin', ninBody(user, '13131313131'));
    const res = await call(user, '/api/wallet/virtual-account', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.virtualAccount.accountNumber).toMatch(/^\d{10}$/);
  });
});

describe('identity numbers at rest and in logs', () => {
  it('stores the number encrypted with a keyed hash, and never answers or logs it in full', async () => {
    const user = await createUser(app, 'Zainab');
    const nin = '14725836901';
    const bvn = '14725836902';
    await call(user, '/api/verification/nin', ninBody(user, nin));
    await call(user, '/api/verification/bvn', bvnBody(user, bvn));
    // Failed attempts and refused input too.
    await call(user, '/api/verification/nin', ninBody(user, '20000000001'));
    await call(user, '/api/verification/bvn', { ...bvnBody(user, '2000000000'), phoneNumber: 'x' });
    const rows = await app.deps.db.select().from(identityNumbers).where(eq(identityNumbers.userId, user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(nin);
      expect(JSON.stringify(row)).not.toContain(bvn);
      expect(row.masked).toMatch(/^\*{7}\d{4}$/);
      expect(app.deps.identityCrypto.decrypt(row.numberCiphertext)).toBe(row.kind === 'NIN' ? nin : bvn);
    }
    const everything = [...lines, ...answers].join('\n');
    expect(lines.some((l) => l.includes('*******6901'))).toBe(true);
    for (const secret of [nin, bvn, '20000000001', '12345678901', '00000000000', '22222222222'])
      expect(everything, secret).not.toContain(secret);
  });
});
