import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';

let app: App;

/** A user with a chosen level and score, signed in with a real session token. */
async function signedInUser(verificationLevel: 'BASIC' | 'ENHANCED' | 'PREMIUM', trustScore: number) {
  const [user] = await app.deps.db
    .insert(users)
    .values({
      email: uniqueEmail('fees'),
      passwordHash: 'not-used-in-these-tests',
      firstName: 'Fee',
      lastName: 'Tester',
      verificationLevel,
      trustScore,
    })
    .returning();
  const { token } = await app.tokens.issue(user!.id);
  return { id: user!.id, headers: { authorization: `Bearer ${token}` } };
}

const validCalculation = {
  transactionAmount: 10_000,
  transactionType: 'GOODS',
  categoryName: 'Electronics',
  deliveryMethod: 'PICKUP',
  paymentMethod: 'BANK_TRANSFER',
};

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/escrow-calculator/calculate', () => {
  it('quotes from the caller’s own verification level and trust score', async () => {
    const basic = await signedInUser('BASIC', 10);
    const res = await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/calculate',
      headers: basic.headers,
      // A client-sent level or score is not part of the contract and is ignored.
      payload: { ...validCalculation, verificationLevel: 'PREMIUM', trustScore: 100 },
    });
    expect(res.statusCode).toBe(200);
    // (1.5 + 0.3 + 0.1) × 1.5 × 1.4 = 3.99%; 10,000 × 3.99% = 399
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        feePercentage: 3.99,
        feeAmount: 399,
        totalAmount: 10_399,
        transactionAmount: 10_000,
        currency: 'NGN',
        riskLevel: 'LOW',
        isEstimate: true,
        categoryName: 'Electronics',
        riskFactors: { verificationLevel: 'BASIC', trustScore: 10, verificationMultiplier: 1.5 },
      },
    });
    expect(res.json().data.note).toContain('2.5%');

    const premium = await signedInUser('PREMIUM', 90);
    const cheaper = await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/calculate',
      headers: premium.headers,
      payload: validCalculation,
    });
    // 1.9 × 0.7 × 0.8 = 1.064%; 10,000 × 1.064% = 106.40
    expect(cheaper.json().data).toMatchObject({
      feePercentage: 1.064,
      feeAmount: 106.4,
      totalAmount: 10_106.4,
    });
  });

  it('needs a token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/calculate',
      payload: validCalculation,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it.each([
    [
      'missing amount',
      { ...validCalculation, transactionAmount: undefined },
      'Please fill in all required fields',
    ],
    [
      'missing category',
      { ...validCalculation, categoryName: undefined },
      'Please fill in all required fields',
    ],
    ['empty category', { ...validCalculation, categoryName: '' }, 'Please fill in all required fields'],
    ['zero amount', { ...validCalculation, transactionAmount: 0 }, 'Please enter a valid amount'],
    ['negative amount', { ...validCalculation, transactionAmount: -5 }, 'Please enter a valid amount'],
    ['three decimals', { ...validCalculation, transactionAmount: 10.001 }, 'Please enter a valid amount'],
    ['absurd size', { ...validCalculation, transactionAmount: 1e20 }, 'Please enter a valid amount'],
    ['amount as text', { ...validCalculation, transactionAmount: 'lots' }, 'Please enter a valid amount'],
    [
      'unknown category',
      { ...validCalculation, categoryName: 'Weapons' },
      'Please choose a category from the list',
    ],
    ['unknown type', { ...validCalculation, transactionType: 'LOANS' }, 'Please choose a transaction type'],
    ['unknown delivery', { ...validCalculation, deliveryMethod: 'DRONE' }, 'Please choose a delivery method'],
    ['unknown payment', { ...validCalculation, paymentMethod: 'CASH' }, 'Please choose a payment method'],
  ])('refuses %s with a 400 envelope', async (_name, payload, error) => {
    const user = await signedInUser('ENHANCED', 50);
    const before = await historyOf(user.headers);
    const res = await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/calculate',
      headers: user.headers,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error });
    expect((await historyOf(user.headers)).total).toBe(before.total);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const user = await signedInUser('ENHANCED', 50);
    const res = await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/calculate',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"transactionAmount": 10',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('POST /api/escrow-calculator/estimate', () => {
  it('quotes without a token, ignoring verification and trust', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/estimate',
      payload: { transactionAmount: 100_000, transactionType: 'SERVICES', categoryName: 'Other' },
    });
    expect(res.statusCode).toBe(200);
    // amount 100,000 → 0.2; SERVICES 0.2; (1.5 + 0.5 + 0.4) = 2.4% → 2,400
    expect(res.json().data).toMatchObject({
      riskAdjustment: 0.5,
      feePercentage: 2.4,
      feeAmount: 2400,
      totalAmount: 102_400,
      isEstimate: true,
      riskFactors: { verificationLevel: null, trustScore: null },
    });
  });

  it('requires amount and category', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/estimate',
      payload: { transactionType: 'GOODS' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Please fill in all required fields' });
  });
});

describe('hostile input and documentation', () => {
  it('answers an oversized body with a 413 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/estimate',
      payload: {
        transactionAmount: 1000,
        transactionType: 'GOODS',
        categoryName: 'x'.repeat(2 * 1024 * 1024),
      },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('documents every calculator path in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const path of ['calculate', 'estimate', 'structure', 'history'])
      expect(paths).toContain(`/api/escrow-calculator/${path}`);
  });
});

describe('GET /api/escrow-calculator/structure', () => {
  it('publishes the model constants without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/escrow-calculator/structure' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      baseFee: 1.5,
      minFee: 0.5,
      maxFee: 5,
      chargedFeePercentage: 2.5,
      riskFactors: {
        amount: { low: 0, medium: 0.2, high: 0.4, veryHigh: 0.6 },
        verification: { basic: 1.5, enhanced: 1, premium: 0.7 },
      },
    });
  });
});

async function historyOf(headers: Record<string, string>, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/escrow-calculator/history${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { calculations: Array<Record<string, unknown>>; total: number; page: number };
}

describe('GET /api/escrow-calculator/history', () => {
  it('lists only the caller’s calculations, newest first, paged', async () => {
    const alice = await signedInUser('ENHANCED', 50);
    const bob = await signedInUser('BASIC', 0);
    for (const amount of [1000, 2000, 3000]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/escrow-calculator/calculate',
        headers: alice.headers,
        payload: { ...validCalculation, transactionAmount: amount },
      });
      expect(res.statusCode).toBe(200);
    }
    await app.inject({
      method: 'POST',
      url: '/api/escrow-calculator/calculate',
      headers: bob.headers,
      payload: validCalculation,
    });

    const first = await historyOf(alice.headers, '?page=1&limit=2');
    expect(first.total).toBe(3);
    expect(first.calculations.map((c) => c.transactionAmount)).toEqual([3000, 2000]);
    // 3,000 at (1.5 + 0.3 + 0.1) × 1 × 1 = 1.9% → 57
    expect(first.calculations[0]).toMatchObject({
      feePercentage: 1.9,
      feeAmount: 57,
      totalAmount: 3057,
      categoryName: 'Electronics',
      verificationLevel: 'ENHANCED',
      trustScore: 50,
      riskLevel: 'LOW',
    });
    const second = await historyOf(alice.headers, '?page=2&limit=2');
    expect(second.calculations.map((c) => c.transactionAmount)).toEqual([1000]);

    const bobs = await historyOf(bob.headers);
    expect(bobs.total).toBe(1);
    expect(bobs.calculations[0]).toMatchObject({ verificationLevel: 'BASIC', transactionAmount: 10_000 });
  });

  it('needs a token and refuses bad paging', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/escrow-calculator/history' });
    expect(anonymous.statusCode).toBe(401);
    const user = await signedInUser('BASIC', 0);
    for (const query of ['?page=0', '?limit=500', '?page=abc']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/escrow-calculator/history${query}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});
