import {
  AMOUNT_BAND_LIMITS,
  AMOUNT_RISK_TENTHS,
  BASE_FEE_TENTHS,
  DELIVERY_RISK_TENTHS,
  MAX_FEE_MILLI,
  MIN_FEE_MILLI,
  PAYMENT_RISK_TENTHS,
  RISK_ADJUSTMENT_TENTHS,
  TRUST_MULTIPLIER_TENTHS,
  TYPE_RISK_TENTHS,
  VERIFICATION_MULTIPLIER_TENTHS,
  computeFeeFigures,
  estimateFee,
  type FeeEstimateInput,
} from '@escrow/shared/domain/fee-estimate';
import { TRANSACTION_FEE_PERCENT } from '@escrow/shared/domain/fees';
import { toMajor, toMinor } from '@escrow/shared/domain/money';
import type { VerificationLevel } from '@escrow/shared/schemas/auth';
import type {
  FeeCalculateBody,
  FeeCalculationResult,
  FeeEstimateBody,
  FeeHistoryResponse,
  FeeQuoteResponse,
  FeeStructure,
} from '@escrow/shared/schemas/fee-calculator';
import { FEE_TEXT } from '@escrow/shared/schemas/fee-calculator';
import type { DbOrTx } from '../../db/client.ts';
import type { FeeCalculationRow } from '../../db/schema/fee-calculations.ts';
import { badRequest } from '../../lib/errors.ts';
import { insertFeeCalculation, listFeeCalculations } from './escrow-calculator.repository.ts';

/** The schema already checked the amount; this converts it exactly (and refuses anything it missed). */
function amountMinorOf(transactionAmount: number): number {
  const minor = toMinor(transactionAmount);
  if (minor === null || minor <= 0) throw badRequest(FEE_TEXT.invalidAmount);
  return minor;
}

/** Signed-out quote: the model without the user's verification level and trust score. */
export function estimate(body: FeeEstimateBody): FeeQuoteResponse {
  return estimateFee({
    mode: 'estimate',
    amountMinor: amountMinorOf(body.transactionAmount),
    currency: body.currency,
    transactionType: body.transactionType,
  });
}

/** Signed-in quote from the caller's own level and score (never the client's), stored for history. */
export async function calculate(
  db: DbOrTx,
  user: { id: string; verificationLevel: VerificationLevel; trustScore: number },
  body: FeeCalculateBody,
): Promise<FeeCalculationResult> {
  const input: FeeEstimateInput = {
    mode: 'calculate',
    amountMinor: amountMinorOf(body.transactionAmount),
    currency: body.currency,
    transactionType: body.transactionType,
    deliveryMethod: body.deliveryMethod ?? null,
    paymentMethod: body.paymentMethod ?? null,
    verificationLevel: user.verificationLevel,
    trustScore: user.trustScore,
  };
  const figures = computeFeeFigures(input);
  const row = await insertFeeCalculation(db, {
    userId: user.id,
    transactionAmount: input.amountMinor,
    currency: input.currency,
    transactionType: input.transactionType,
    categoryName: body.categoryName,
    deliveryMethod: input.deliveryMethod ?? null,
    paymentMethod: input.paymentMethod ?? null,
    verificationLevel: user.verificationLevel,
    trustScore: user.trustScore,
    feeRateMilliPercent: figures.feeMilli,
    feeAmount: figures.feeAmountMinor,
    totalAmount: figures.totalAmountMinor,
    riskLevel: figures.riskLevel,
  });
  return {
    ...estimateFee(input),
    id: row.id,
    categoryName: row.categoryName,
    createdAt: row.createdAt.toISOString(),
  };
}

const points = (tenths: number) => tenths / 10;
const pointsOf = <K extends string>(table: Record<K, number>) =>
  Object.fromEntries(Object.entries(table).map(([key, value]) => [key, points(value as number)]));

/** The model's public constants (no auth), read from the same tables the quotes use. */
export function structure(): FeeStructure {
  return {
    baseFee: points(BASE_FEE_TENTHS),
    minFee: MIN_FEE_MILLI / 1000,
    maxFee: MAX_FEE_MILLI / 1000,
    chargedFeePercentage: TRANSACTION_FEE_PERCENT,
    riskAdjustment: {
      calculate: points(RISK_ADJUSTMENT_TENTHS.calculate),
      estimate: points(RISK_ADJUSTMENT_TENTHS.estimate),
    },
    amountBands: { ...AMOUNT_BAND_LIMITS },
    riskFactors: {
      amount: {
        low: points(AMOUNT_RISK_TENTHS.low),
        medium: points(AMOUNT_RISK_TENTHS.medium),
        high: points(AMOUNT_RISK_TENTHS.high),
        veryHigh: points(AMOUNT_RISK_TENTHS.veryHigh),
      },
      verification: {
        basic: points(VERIFICATION_MULTIPLIER_TENTHS.BASIC),
        enhanced: points(VERIFICATION_MULTIPLIER_TENTHS.ENHANCED),
        premium: points(VERIFICATION_MULTIPLIER_TENTHS.PREMIUM),
      },
      trustScore: {
        below30: points(TRUST_MULTIPLIER_TENTHS.low),
        from30To70: points(TRUST_MULTIPLIER_TENTHS.medium),
        above70: points(TRUST_MULTIPLIER_TENTHS.high),
      },
      transactionType: pointsOf(TYPE_RISK_TENTHS),
      deliveryMethod: pointsOf(DELIVERY_RISK_TENTHS),
      paymentMethod: pointsOf(PAYMENT_RISK_TENTHS),
    },
  };
}

function toHistoryEntry(row: FeeCalculationRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    transactionAmount: toMajor(row.transactionAmount),
    currency: row.currency,
    transactionType: row.transactionType,
    categoryName: row.categoryName,
    deliveryMethod: row.deliveryMethod,
    paymentMethod: row.paymentMethod,
    verificationLevel: row.verificationLevel,
    trustScore: row.trustScore,
    feePercentage: row.feeRateMilliPercent / 1000,
    feeAmount: toMajor(row.feeAmount),
    totalAmount: toMajor(row.totalAmount),
    riskLevel: row.riskLevel,
  };
}

export async function history(
  db: DbOrTx,
  userId: string,
  page: number,
  limit: number,
): Promise<FeeHistoryResponse> {
  const { rows, total } = await listFeeCalculations(db, userId, page, limit);
  return { calculations: rows.map(toHistoryEntry), total, page, limit };
}
