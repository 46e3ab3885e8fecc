import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEE_ESTIMATE_NOTE,
  clampFeeMilli,
  computeFeeFigures,
  estimateFee,
  type FeeEstimateInput,
  type RiskLevel,
} from './fee-estimate.ts';
import { MAX_MAJOR_AMOUNT, toMinor } from './money.ts';

const minor = (major: number) => toMinor(major)!;

type Row = {
  name: string;
  input: FeeEstimateInput;
  expected: {
    feePercentage: number;
    totalFee: number;
    feeAmount: number;
    totalAmount: number;
    riskLevel: RiskLevel;
  };
};

// Every expected value is worked out by hand from the model (docs/money.md "Fees"):
//   riskPoints = amountRisk + typeRisk + deliveryRisk + paymentRisk
//   % = clamp(0.5, 5.0, (1.5 + adj + riskPoints) × verification × trust), adj 0.3 calculate / 0.5 estimate
//   fee = amount × % half-up to the kobo; total = amount + fee.
const rows: Row[] = [
  {
    // amount < 100,000 → 0; GOODS 0.1 → rp 0.1 LOW. (1.5 + 0.5 + 0.1) × 1 × 1 = 2.1%.
    // 9,999,999 kobo × 0.021 = 209,999.979 kobo → 210,000 kobo = ₦2,100.00; total 99,999.99 + 2,100 = 102,099.99
    name: 'estimate, just under the 100,000 band',
    input: { mode: 'estimate', amountMinor: minor(99_999.99), currency: 'NGN', transactionType: 'GOODS' },
    expected: {
      feePercentage: 2.1,
      totalFee: 2.1,
      feeAmount: 2100,
      totalAmount: 102_099.99,
      riskLevel: 'LOW',
    },
  },
  {
    // exactly 100,000 → 0.2; SERVICES 0.2 → rp 0.4 LOW. (1.5 + 0.5 + 0.4) = 2.4%; 100,000 × 0.024 = 2,400
    name: 'estimate, exactly 100,000 enters the 0.2 band',
    input: { mode: 'estimate', amountMinor: minor(100_000), currency: 'NGN', transactionType: 'SERVICES' },
    expected: { feePercentage: 2.4, totalFee: 2.4, feeAmount: 2400, totalAmount: 102_400, riskLevel: 'LOW' },
  },
  {
    // 1,000,000 is still "up to 1,000,000" → 0.2; DIGITAL 0.3; DIGITAL_DELIVERY 0.3 → rp 0.8 MEDIUM.
    // (1.5 + 0.5 + 0.8) = 2.8%; 1,000,000 × 0.028 = 28,000
    name: 'estimate with a delivery method, top of the 0.2 band',
    input: {
      mode: 'estimate',
      amountMinor: minor(1_000_000),
      currency: 'NGN',
      transactionType: 'DIGITAL',
      deliveryMethod: 'DIGITAL_DELIVERY',
    },
    expected: {
      feePercentage: 2.8,
      totalFee: 2.8,
      feeAmount: 28_000,
      totalAmount: 1_028_000,
      riskLevel: 'MEDIUM',
    },
  },
  {
    // 1,000,000.01 → 0.4; GOODS 0.1 → rp 0.5, the MEDIUM boundary. (1.5 + 0.5 + 0.5) = 2.5%.
    // 100,000,001 kobo × 0.025 = 2,500,000.025 kobo → 2,500,000 kobo = ₦25,000.00; total 1,025,000.01
    name: 'estimate, one kobo above 1,000,000; riskPoints 0.5 is MEDIUM',
    input: { mode: 'estimate', amountMinor: minor(1_000_000.01), currency: 'NGN', transactionType: 'GOODS' },
    expected: {
      feePercentage: 2.5,
      totalFee: 2.5,
      feeAmount: 25_000,
      totalAmount: 1_025_000.01,
      riskLevel: 'MEDIUM',
    },
  },
  {
    // estimate ignores the user's level and score: same as the first row (2.1%), not ×1.5 ×1.4
    name: 'estimate ignores verification and trust',
    input: {
      mode: 'estimate',
      amountMinor: minor(99_999.99),
      currency: 'NGN',
      transactionType: 'GOODS',
      verificationLevel: 'BASIC',
      trustScore: 0,
    },
    expected: {
      feePercentage: 2.1,
      totalFee: 2.1,
      feeAmount: 2100,
      totalAmount: 102_099.99,
      riskLevel: 'LOW',
    },
  },
  {
    // 10,000,000 is "up to 10,000,000" → 0.4; REAL_ESTATE 0.2; PICKUP 0; BANK_TRANSFER 0 → rp 0.6 MEDIUM.
    // ENHANCED 1.0, trust 50 → 1.0. (1.5 + 0.3 + 0.6) = 2.4%; 10,000,000 × 0.024 = 240,000
    name: 'calculate, top of the 0.4 band',
    input: {
      mode: 'calculate',
      amountMinor: minor(10_000_000),
      currency: 'NGN',
      transactionType: 'REAL_ESTATE',
      deliveryMethod: 'PICKUP',
      paymentMethod: 'BANK_TRANSFER',
      verificationLevel: 'ENHANCED',
      trustScore: 50,
    },
    expected: {
      feePercentage: 2.4,
      totalFee: 2.4,
      feeAmount: 240_000,
      totalAmount: 10_240_000,
      riskLevel: 'MEDIUM',
    },
  },
  {
    // 10,000,000.01 → 0.6; GOODS 0.1; SHIPPING 0.2; CARD 0.2 → rp 1.1 HIGH. (1.5 + 0.3 + 1.1) × 1 × 1 = 2.9%.
    // 1,000,000,001 kobo × 0.029 = 29,000,000.029 → 29,000,000 kobo = ₦290,000; total 10,290,000.01
    name: 'calculate, one kobo into the 0.6 band',
    input: {
      mode: 'calculate',
      amountMinor: minor(10_000_000.01),
      currency: 'NGN',
      transactionType: 'GOODS',
      deliveryMethod: 'SHIPPING',
      paymentMethod: 'CARD',
      verificationLevel: 'ENHANCED',
      trustScore: 50,
    },
    expected: {
      feePercentage: 2.9,
      totalFee: 2.9,
      feeAmount: 290_000,
      totalAmount: 10_290_000.01,
      riskLevel: 'HIGH',
    },
  },
  {
    // 500,000 → 0.2; GOODS 0.1; SHIPPING 0.2; CRYPTO 0.5 → rp 1.0, the HIGH boundary. Trust 70 is still 1.0.
    // (1.5 + 0.3 + 1.0) × 1.0 × 1.0 = 2.8%; 500,000 × 0.028 = 14,000
    name: 'riskPoints 1.0 is HIGH; trust 70 keeps 1.0',
    input: {
      mode: 'calculate',
      amountMinor: minor(500_000),
      currency: 'NGN',
      transactionType: 'GOODS',
      deliveryMethod: 'SHIPPING',
      paymentMethod: 'CRYPTO',
      verificationLevel: 'ENHANCED',
      trustScore: 70,
    },
    expected: {
      feePercentage: 2.8,
      totalFee: 2.8,
      feeAmount: 14_000,
      totalAmount: 514_000,
      riskLevel: 'HIGH',
    },
  },
  {
    // 20,000,000 → 0.6; SERVICES 0.2; SHIPPING 0.2; CRYPTO 0.5 → rp 1.5, the VERY_HIGH boundary.
    // (1.5 + 0.3 + 1.5) = 3.3%; 20,000,000 × 0.033 = 660,000
    name: 'riskPoints 1.5 is VERY_HIGH',
    input: {
      mode: 'calculate',
      amountMinor: minor(20_000_000),
      currency: 'NGN',
      transactionType: 'SERVICES',
      deliveryMethod: 'SHIPPING',
      paymentMethod: 'CRYPTO',
      verificationLevel: 'ENHANCED',
      trustScore: 50,
    },
    expected: {
      feePercentage: 3.3,
      totalFee: 3.3,
      feeAmount: 660_000,
      totalAmount: 20_660_000,
      riskLevel: 'VERY_HIGH',
    },
  },
  {
    // 20,000,000 → 0.6; DIGITAL 0.3; DIGITAL_DELIVERY 0.3; CRYPTO 0.5 → rp 1.7 VERY_HIGH.
    // (1.5 + 0.3 + 1.7) × 1.5 (BASIC) × 1.4 (trust 10) = 3.5 × 2.1 = 7.35% → clamped to 5.0%.
    // 20,000,000 × 0.05 = 1,000,000
    name: 'clamped at the 5.0% maximum',
    input: {
      mode: 'calculate',
      amountMinor: minor(20_000_000),
      currency: 'NGN',
      transactionType: 'DIGITAL',
      deliveryMethod: 'DIGITAL_DELIVERY',
      paymentMethod: 'CRYPTO',
      verificationLevel: 'BASIC',
      trustScore: 10,
    },
    expected: {
      feePercentage: 5,
      totalFee: 7.35,
      feeAmount: 1_000_000,
      totalAmount: 21_000_000,
      riskLevel: 'VERY_HIGH',
    },
  },
  {
    // The largest accepted amount, where amount × rate overflows 2^53 without BigInt.
    // ₦1e12 → 0.6; GOODS 0.1; SHIPPING 0.2; CARD 0.2 → rp 1.1. (1.5 + 0.3 + 1.1) × 1.5 × 1.4 = 2.9 × 2.1 = 6.09% → 5.0%.
    // 1e12 × 0.05 = 5e10; total 1.05e12
    name: 'largest amount is exact',
    input: {
      mode: 'calculate',
      amountMinor: minor(MAX_MAJOR_AMOUNT),
      currency: 'NGN',
      transactionType: 'GOODS',
      deliveryMethod: 'SHIPPING',
      paymentMethod: 'CARD',
      verificationLevel: 'BASIC',
      trustScore: 10,
    },
    expected: {
      feePercentage: 5,
      totalFee: 6.09,
      feeAmount: 50_000_000_000,
      totalAmount: 1_050_000_000_000,
      riskLevel: 'HIGH',
    },
  },
  {
    // 10,000 → 0; GOODS 0.1; PICKUP; BANK_TRANSFER → rp 0.1. Base (1.5 + 0.3 + 0.1) = 1.9.
    // trust 29 → 1.4: 1.9 × 1.0 × 1.4 = 2.66%; 10,000 × 0.0266 = 266
    name: 'trust 29 takes the 1.4 multiplier',
    input: calc(10_000, 'ENHANCED', 29),
    expected: { feePercentage: 2.66, totalFee: 2.66, feeAmount: 266, totalAmount: 10_266, riskLevel: 'LOW' },
  },
  {
    // trust 30 → 1.0: 1.9%; 10,000 × 0.019 = 190
    name: 'trust 30 takes 1.0',
    input: calc(10_000, 'ENHANCED', 30),
    expected: { feePercentage: 1.9, totalFee: 1.9, feeAmount: 190, totalAmount: 10_190, riskLevel: 'LOW' },
  },
  {
    // trust 71 → 0.8: 1.9 × 0.8 = 1.52%; 10,000 × 0.0152 = 152
    name: 'trust 71 takes 0.8',
    input: calc(10_000, 'ENHANCED', 71),
    expected: { feePercentage: 1.52, totalFee: 1.52, feeAmount: 152, totalAmount: 10_152, riskLevel: 'LOW' },
  },
  {
    // BASIC 1.5: 1.9 × 1.5 = 2.85%; 10,000 × 0.0285 = 285
    name: 'BASIC takes 1.5',
    input: calc(10_000, 'BASIC', 50),
    expected: { feePercentage: 2.85, totalFee: 2.85, feeAmount: 285, totalAmount: 10_285, riskLevel: 'LOW' },
  },
  {
    // BASIC 1.5 and trust 10 → 1.4: 1.9 × 1.5 × 1.4 = 3.99% (no clamp); 10,000 × 0.0399 = 399
    name: 'both penalties, below the cap',
    input: calc(10_000, 'BASIC', 10),
    expected: { feePercentage: 3.99, totalFee: 3.99, feeAmount: 399, totalAmount: 10_399, riskLevel: 'LOW' },
  },
  {
    // PREMIUM 0.7 and trust 71 → 0.8: 1.9 × 0.56 = 1.064%, the lowest rate the tables can reach (> 0.5, no clamp).
    // 10,000 × 0.01064 = 106.40
    name: 'lowest reachable rate',
    input: calc(10_000, 'PREMIUM', 71),
    expected: {
      feePercentage: 1.064,
      totalFee: 1.064,
      feeAmount: 106.4,
      totalAmount: 10_106.4,
      riskLevel: 'LOW',
    },
  },
  {
    // 1,234,567.89 → 0.4; GOODS 0.1; SHIPPING 0.2; CARD 0.2 → rp 0.9 MEDIUM. (1.5 + 0.3 + 0.9) = 2.7%.
    // 123,456,789 kobo × 0.027 = 3,333,333.303 → 3,333,333 kobo = ₦33,333.33; total 1,267,901.22
    name: 'kobo amounts round half-up (down here)',
    input: {
      mode: 'calculate',
      amountMinor: minor(1_234_567.89),
      currency: 'NGN',
      transactionType: 'GOODS',
      deliveryMethod: 'SHIPPING',
      paymentMethod: 'CARD',
      verificationLevel: 'ENHANCED',
      trustScore: 50,
    },
    expected: {
      feePercentage: 2.7,
      totalFee: 2.7,
      feeAmount: 33_333.33,
      totalAmount: 1_267_901.22,
      riskLevel: 'MEDIUM',
    },
  },
  {
    // SERVICES 0.2, PICKUP, BANK_TRANSFER, ENHANCED, trust 50: (1.5 + 0.3 + 0.2) = 2.0%.
    // 25 kobo × 0.02 = 0.5 kobo → half-up → 1 kobo = ₦0.01
    name: 'exactly half a kobo rounds up',
    input: { ...calc(0.25, 'ENHANCED', 50), transactionType: 'SERVICES' },
    expected: { feePercentage: 2, totalFee: 2, feeAmount: 0.01, totalAmount: 0.26, riskLevel: 'LOW' },
  },
  {
    // same rate, 24 kobo × 0.02 = 0.48 kobo → 0
    name: 'under half a kobo rounds down',
    input: { ...calc(0.24, 'ENHANCED', 50), transactionType: 'SERVICES' },
    expected: { feePercentage: 2, totalFee: 2, feeAmount: 0, totalAmount: 0.24, riskLevel: 'LOW' },
  },
];

function calc(
  major: number,
  verificationLevel: 'BASIC' | 'ENHANCED' | 'PREMIUM',
  trustScore: number,
): FeeEstimateInput {
  return {
    mode: 'calculate',
    amountMinor: minor(major),
    currency: 'NGN',
    transactionType: 'GOODS',
    deliveryMethod: 'PICKUP',
    paymentMethod: 'BANK_TRANSFER',
    verificationLevel,
    trustScore,
  };
}

describe('estimateFee', () => {
  it.each(rows)('$name', ({ input, expected }) => {
    const quote = estimateFee(input);
    expect({
      feePercentage: quote.feePercentage,
      totalFee: quote.totalFee,
      feeAmount: quote.feeAmount,
      totalAmount: quote.totalAmount,
      riskLevel: quote.riskLevel,
    }).toEqual(expected);
    expect(quote.isEstimate).toBe(true);
    expect(quote.note).toBe(FEE_ESTIMATE_NOTE);
    expect(quote.note).toContain('2.5%');
  });

  it('splits the multipliers into additive breakdown lines that sum to totalFee', () => {
    // BASIC, trust 10 on 1.9: verification adds 1.9 × 0.5 = 0.95; trust adds 2.85 × 0.4 = 1.14; 1.9 + 0.95 + 1.14 = 3.99
    const quote = estimateFee(calc(10_000, 'BASIC', 10));
    expect(quote.breakdown).toEqual({
      baseFee: 1.5,
      amountRisk: 0,
      verificationRisk: 0.95,
      historyRisk: 1.14,
      categoryRisk: 0.1,
      deliveryRisk: 0,
      paymentRisk: 0,
    });
    expect(quote.riskAdjustment).toBe(0.3);
    // PREMIUM, trust 71: verification removes 1.9 × 0.3 = 0.57; trust removes 1.33 × 0.2 = 0.266
    const premium = estimateFee(calc(10_000, 'PREMIUM', 71));
    expect(premium.breakdown.verificationRisk).toBe(-0.57);
    expect(premium.breakdown.historyRisk).toBe(-0.266);
  });

  it('describes the applied factors and the clamp', () => {
    const capped = estimateFee(rows.find((r) => r.name === 'clamped at the 5.0% maximum')!.input);
    expect(capped.riskFactors).toMatchObject({
      riskPoints: 1.7,
      amountBand: 'veryHigh',
      verificationMultiplier: 1.5,
      trustMultiplier: 1.4,
      clamped: 'MAX',
    });
    expect(capped.recommendations).toContain('The estimate is capped at the 5.0% maximum.');
    const estimate = estimateFee(rows[0]!.input);
    expect(estimate.riskFactors).toMatchObject({ verificationLevel: null, trustScore: null, clamped: null });
    expect(estimate.riskAdjustment).toBe(0.5);
  });

  it('recommends changes that follow from the inputs', () => {
    const card = estimateFee({
      ...calc(10_000, 'BASIC', 10),
      paymentMethod: 'CARD',
      deliveryMethod: 'SHIPPING',
    });
    expect(card.recommendations.join(' ')).toMatch(/NIN/);
    expect(card.recommendations.join(' ')).toMatch(/trust score to 30/);
    expect(card.recommendations.join(' ')).toMatch(/bank transfer instead of card/);
    expect(card.recommendations.join(' ')).toMatch(/Pickup in person/);
    const best = estimateFee(calc(10_000, 'PREMIUM', 90));
    expect(best.recommendations).toEqual(['Your transaction already uses the lowest-risk options.']);
    expect(estimateFee(rows[0]!.input).recommendations[0]).toMatch(/Sign in/);
  });

  it('refuses amounts that are not positive whole minor units', () => {
    for (const amountMinor of [0, -1, 1.5, Number.NaN])
      expect(() => estimateFee({ ...calc(1, 'BASIC', 0), amountMinor })).toThrow(RangeError);
  });
});

describe('clampFeeMilli', () => {
  it.each([
    [499, 500], // below 0.5% → 0.5%
    [500, 500],
    [2850, 2850],
    [5000, 5000],
    [7350, 5000], // 7.35% → 5.0%
  ])('clamp(%i) = %i', (input, expected) => expect(clampFeeMilli(input)).toBe(expected));
});

describe('fee invariants', () => {
  it('the fee stays within 0.5%–5.0% of the amount (± half a kobo) and total = amount + fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_MAJOR_AMOUNT * 100 }),
        fc.constantFrom('GOODS', 'SERVICES', 'DIGITAL', 'REAL_ESTATE' as const),
        fc.constantFrom('BASIC', 'ENHANCED', 'PREMIUM' as const),
        fc.integer({ min: 0, max: 100 }),
        (amountMinor, transactionType, verificationLevel, trustScore) => {
          const input: FeeEstimateInput = {
            mode: 'calculate',
            amountMinor,
            currency: 'NGN',
            transactionType,
            verificationLevel,
            trustScore,
          };
          const f = computeFeeFigures(input);
          const amount = BigInt(amountMinor);
          const fee = BigInt(f.feeAmountMinor);
          // 100,000 × fee lies within half a kobo of amount × rate, and the rate within the bounds.
          const exact = amount * BigInt(f.feeMilli);
          expect(fee * 100_000n - exact <= 50_000n && exact - fee * 100_000n < 50_000n).toBe(true);
          expect(f.feeMilli >= 500 && f.feeMilli <= 5000).toBe(true);
          expect(f.totalAmountMinor).toBe(amountMinor + f.feeAmountMinor);
        },
      ),
    );
  });
});
