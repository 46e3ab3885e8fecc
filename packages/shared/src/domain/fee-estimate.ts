import { MINOR_PER_MAJOR, toMajor } from './money.ts';
import { msg } from '../i18n/msg.ts';

/**
 * The fee calculator's risk model (docs/money.md "Fees"). It only ever produces an ESTIMATE:
 * the fee actually charged on a transaction is the flat 2.5% of `fees.ts`.
 *
 * Integer arithmetic throughout: additive risk points and multipliers are held in tenths (1.5 → 15,
 * 0.7 → 7), so a percentage is tenths × tenths × tenths = thousandths of a percent ("milli-percent",
 * 2.85% → 2850). The fee in minor units is amount × milli-percent / 100,000, rounded half-up with BigInt
 * so even the largest accepted amount (₦1 trillion) is exact.
 */
export const FEE_TRANSACTION_TYPES = ['GOODS', 'SERVICES', 'DIGITAL', 'REAL_ESTATE'] as const;
export const FEE_DELIVERY_METHODS = ['PICKUP', 'SHIPPING', 'DIGITAL_DELIVERY'] as const;
export const FEE_PAYMENT_METHODS = ['BANK_TRANSFER', 'CARD', 'CRYPTO'] as const;
export const FEE_VERIFICATION_LEVELS = ['BASIC', 'ENHANCED', 'PREMIUM'] as const;
export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'] as const;

export type FeeTransactionType = (typeof FEE_TRANSACTION_TYPES)[number];
export type FeeDeliveryMethod = (typeof FEE_DELIVERY_METHODS)[number];
export type FeePaymentMethod = (typeof FEE_PAYMENT_METHODS)[number];
export type FeeVerificationLevel = (typeof FEE_VERIFICATION_LEVELS)[number];
export type RiskLevel = (typeof RISK_LEVELS)[number];
export type FeeMode = 'calculate' | 'estimate';
export type AmountBand = 'low' | 'medium' | 'high' | 'veryHigh';

// Tenths of a percentage point (additive) and tenths of a unit (multipliers).
export const BASE_FEE_TENTHS = 15;
export const RISK_ADJUSTMENT_TENTHS: Record<FeeMode, number> = { calculate: 3, estimate: 5 };
export const MIN_FEE_MILLI = 500;
export const MAX_FEE_MILLI = 5000;
/** Upper bounds (inclusive, major units) of the amount bands; above the last is 'veryHigh'. */
export const AMOUNT_BAND_LIMITS = { low: 100_000, medium: 1_000_000, high: 10_000_000 } as const;
export const AMOUNT_RISK_TENTHS: Record<AmountBand, number> = { low: 0, medium: 2, high: 4, veryHigh: 6 };
export const TYPE_RISK_TENTHS: Record<FeeTransactionType, number> = {
  GOODS: 1,
  SERVICES: 2,
  DIGITAL: 3,
  REAL_ESTATE: 2,
};
export const DELIVERY_RISK_TENTHS: Record<FeeDeliveryMethod, number> = {
  PICKUP: 0,
  SHIPPING: 2,
  DIGITAL_DELIVERY: 3,
};
export const PAYMENT_RISK_TENTHS: Record<FeePaymentMethod, number> = { BANK_TRANSFER: 0, CARD: 2, CRYPTO: 5 };
export const VERIFICATION_MULTIPLIER_TENTHS: Record<FeeVerificationLevel, number> = {
  BASIC: 15,
  ENHANCED: 10,
  PREMIUM: 7,
};
export const TRUST_MULTIPLIER_TENTHS = { low: 14, medium: 10, high: 8 } as const;

/** TRANSACTION_FEE_PERCENT written out (english-messages.test.ts checks it). */
export const FEE_ESTIMATE_NOTE = msg(
  'This is an estimate from our risk model. The fee actually charged on a transaction is the flat 2.5% of the price.',
);

type CommonInput = {
  amountMinor: number;
  currency: string;
  transactionType: FeeTransactionType;
  deliveryMethod?: FeeDeliveryMethod | null;
  paymentMethod?: FeePaymentMethod | null;
};
/** `calculate` personalises with the user's verification and trust; `estimate` (signed out) does not. */
export type FeeEstimateInput =
  | (CommonInput & { mode: 'calculate'; verificationLevel: FeeVerificationLevel; trustScore: number })
  | (CommonInput & { mode: 'estimate'; verificationLevel?: FeeVerificationLevel; trustScore?: number });

export type FeeQuote = {
  /** Percentage points. */
  baseFee: number;
  riskAdjustment: number;
  /** The model's percentage before the 0.5–5.0% clamp. */
  totalFee: number;
  /** The quoted percentage, after the clamp. */
  feePercentage: number;
  /** Major units. */
  feeAmount: number;
  totalAmount: number;
  transactionAmount: number;
  currency: string;
  /** Percentage points; verificationRisk and historyRisk are what the multipliers add (or remove). */
  breakdown: {
    baseFee: number;
    amountRisk: number;
    verificationRisk: number;
    historyRisk: number;
    categoryRisk: number;
    deliveryRisk: number;
    paymentRisk: number;
  };
  riskLevel: RiskLevel;
  recommendations: string[];
  riskFactors: {
    riskPoints: number;
    amountBand: AmountBand;
    transactionType: FeeTransactionType;
    deliveryMethod: FeeDeliveryMethod | null;
    paymentMethod: FeePaymentMethod | null;
    verificationLevel: FeeVerificationLevel | null;
    verificationMultiplier: number;
    trustScore: number | null;
    trustMultiplier: number;
    clamped: 'MIN' | 'MAX' | null;
  };
  isEstimate: true;
  note: string;
};

export function amountBand(amountMinor: number): AmountBand {
  if (amountMinor < AMOUNT_BAND_LIMITS.low * MINOR_PER_MAJOR) return 'low';
  if (amountMinor <= AMOUNT_BAND_LIMITS.medium * MINOR_PER_MAJOR) return 'medium';
  if (amountMinor <= AMOUNT_BAND_LIMITS.high * MINOR_PER_MAJOR) return 'high';
  return 'veryHigh';
}

export function trustMultiplierTenths(trustScore: number): number {
  if (trustScore < 30) return TRUST_MULTIPLIER_TENTHS.low;
  if (trustScore <= 70) return TRUST_MULTIPLIER_TENTHS.medium;
  return TRUST_MULTIPLIER_TENTHS.high;
}

export function riskLevelFor(riskPointsTenths: number): RiskLevel {
  if (riskPointsTenths < 5) return 'LOW';
  if (riskPointsTenths < 10) return 'MEDIUM';
  if (riskPointsTenths < 15) return 'HIGH';
  return 'VERY_HIGH';
}

/** The 0.5–5.0% bound. With today's tables the lowest reachable rate is 1.064%, so MIN is a guard. */
export function clampFeeMilli(milli: number): number {
  return Math.min(MAX_FEE_MILLI, Math.max(MIN_FEE_MILLI, milli));
}

/** Half-up fee in minor units for a rate in milli-percent (100,000 milli-percent = the whole amount). */
export function feeMinorFor(amountMinor: number, milli: number): number {
  return Number((BigInt(amountMinor) * BigInt(milli) + 50_000n) / 100_000n);
}

/** The integer figures behind a quote (what the server stores). */
export function computeFeeFigures(input: FeeEstimateInput) {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new RangeError('amountMinor must be a positive safe integer');
  }
  const band = amountBand(input.amountMinor);
  const amountRisk = AMOUNT_RISK_TENTHS[band];
  const typeRisk = TYPE_RISK_TENTHS[input.transactionType];
  const deliveryRisk = input.deliveryMethod ? DELIVERY_RISK_TENTHS[input.deliveryMethod] : 0;
  const paymentRisk = input.paymentMethod ? PAYMENT_RISK_TENTHS[input.paymentMethod] : 0;
  const riskPointsTenths = amountRisk + typeRisk + deliveryRisk + paymentRisk;
  const personal = input.mode === 'calculate';
  const verificationTenths = personal ? VERIFICATION_MULTIPLIER_TENTHS[input.verificationLevel] : 10;
  const trustTenths = personal ? trustMultiplierTenths(input.trustScore) : 10;
  const riskAdjustmentTenths = RISK_ADJUSTMENT_TENTHS[input.mode];
  const subtotalTenths = BASE_FEE_TENTHS + riskAdjustmentTenths + riskPointsTenths;
  // Applying the multipliers one at a time splits their effect into two additive breakdown lines.
  const afterVerificationMilli = subtotalTenths * verificationTenths * 10;
  const rawMilli = subtotalTenths * verificationTenths * trustTenths;
  const feeMilli = clampFeeMilli(rawMilli);
  const feeAmountMinor = feeMinorFor(input.amountMinor, feeMilli);
  return {
    band,
    amountRisk,
    typeRisk,
    deliveryRisk,
    paymentRisk,
    riskPointsTenths,
    riskAdjustmentTenths,
    verificationTenths,
    trustTenths,
    verificationRiskMilli: afterVerificationMilli - subtotalTenths * 100,
    historyRiskMilli: rawMilli - afterVerificationMilli,
    rawMilli,
    feeMilli,
    feeAmountMinor,
    totalAmountMinor: input.amountMinor + feeAmountMinor,
    riskLevel: riskLevelFor(riskPointsTenths),
  };
}

export type FeeFigures = ReturnType<typeof computeFeeFigures>;

const tenths = (value: number) => value / 10;
const milli = (value: number) => value / 1000;

/** The fee quote for the inputs; amounts in major units, percentages in points. */
export function estimateFee(input: FeeEstimateInput): FeeQuote {
  const f = computeFeeFigures(input);
  const personal = input.mode === 'calculate';
  return {
    baseFee: tenths(BASE_FEE_TENTHS),
    riskAdjustment: tenths(f.riskAdjustmentTenths),
    totalFee: milli(f.rawMilli),
    feePercentage: milli(f.feeMilli),
    feeAmount: toMajor(f.feeAmountMinor),
    totalAmount: toMajor(f.totalAmountMinor),
    transactionAmount: toMajor(input.amountMinor),
    currency: input.currency,
    breakdown: {
      baseFee: tenths(BASE_FEE_TENTHS),
      amountRisk: tenths(f.amountRisk),
      verificationRisk: milli(f.verificationRiskMilli),
      historyRisk: milli(f.historyRiskMilli),
      categoryRisk: tenths(f.typeRisk),
      deliveryRisk: tenths(f.deliveryRisk),
      paymentRisk: tenths(f.paymentRisk),
    },
    riskLevel: f.riskLevel,
    recommendations: feeRecommendations(input, f),
    riskFactors: {
      riskPoints: tenths(f.riskPointsTenths),
      amountBand: f.band,
      transactionType: input.transactionType,
      deliveryMethod: input.deliveryMethod ?? null,
      paymentMethod: input.paymentMethod ?? null,
      verificationLevel: personal ? input.verificationLevel : null,
      verificationMultiplier: tenths(f.verificationTenths),
      trustScore: personal ? input.trustScore : null,
      trustMultiplier: tenths(f.trustTenths),
      clamped: f.rawMilli > MAX_FEE_MILLI ? 'MAX' : f.rawMilli < MIN_FEE_MILLI ? 'MIN' : null,
    },
    isEstimate: true,
    note: FEE_ESTIMATE_NOTE,
  };
}

/** Advice that follows from the inputs: each names a change the user can make and what it saves. */
export function feeRecommendations(input: FeeEstimateInput, f: FeeFigures): string[] {
  const tips: string[] = [];
  if (input.mode === 'estimate') {
    tips.push(msg('Sign in and use Calculate for a quote based on your verification level and trust score.'));
  } else {
    if (input.verificationLevel === 'BASIC')
      tips.push(
        msg('Verify your identity with your NIN to lower the verification multiplier from 1.5× to 1.0×.'),
      );
    if (input.verificationLevel === 'ENHANCED')
      tips.push(msg('Verify your BVN to reach Premium verification and a 0.7× verification multiplier.'));
    if (f.trustTenths === TRUST_MULTIPLIER_TENTHS.low)
      tips.push(
        msg(
          'Raise your trust score to 30 or more (identity verification raises it) to drop the 1.4× multiplier.',
        ),
      );
  }
  if (input.paymentMethod === 'CARD')
    tips.push(msg('Pay by bank transfer instead of card: it carries no payment risk (card adds 0.2%).'));
  if (input.paymentMethod === 'CRYPTO')
    tips.push(msg('Pay by bank transfer instead of crypto: it carries no payment risk (crypto adds 0.5%).'));
  if (input.deliveryMethod === 'SHIPPING')
    tips.push(
      msg(
        'Pickup in person has no delivery risk (shipping adds 0.2%); inspect the item before you confirm receipt.',
      ),
    );
  if (input.deliveryMethod === 'DIGITAL_DELIVERY')
    tips.push(
      msg('Digital delivery adds 0.3%: share files through the transaction chat so delivery can be proven.'),
    );
  if (f.riskPointsTenths >= 10)
    tips.push(
      msg('Keep all messages and evidence in the transaction chat; it is what a dispute is decided on.'),
    );
  if (f.rawMilli > MAX_FEE_MILLI) tips.push(msg('The estimate is capped at the 5.0% maximum.'));
  if (tips.length === 0) tips.push(msg('Your transaction already uses the lowest-risk options.'));
  return tips;
}
