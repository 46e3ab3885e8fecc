import { z } from 'zod';
import {
  FEE_DELIVERY_METHODS,
  FEE_PAYMENT_METHODS,
  FEE_TRANSACTION_TYPES,
  FEE_VERIFICATION_LEVELS,
  RISK_LEVELS,
} from '../domain/fee-estimate.ts';
import { toMinor } from '../domain/money.ts';
import { ITEM_CATEGORIES, TRANSACTION_CURRENCIES } from '../domain/nigeria.ts';
import { msg } from '../i18n/msg.ts';

/** The fee calculator's texts; they live only here. */
export const FEE_TEXT = {
  requiredFields: msg('Please fill in all required fields'),
  invalidAmount: msg('Please enter a valid amount'),
  unknownCategory: msg('Please choose a category from the list'),
  calculateFailed: msg('Failed to calculate fee'),
  estimateFailed: msg('Failed to generate estimate'),
} as const;

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** Major units, > 0, at most 2 decimals, within the accepted maximum (same rule as every amount). */
export const feeAmountSchema = z
  .number({ error: (iss) => (isMissing(iss.input) ? FEE_TEXT.requiredFields : FEE_TEXT.invalidAmount) })
  .refine((value) => (toMinor(value) ?? 0) > 0, FEE_TEXT.invalidAmount);

const requiredEnum = <T extends readonly [string, ...string[]]>(values: T, invalid: string) =>
  z.enum(values, { error: (iss) => (isMissing(iss.input) ? FEE_TEXT.requiredFields : invalid) });

const categoryName = requiredEnum(ITEM_CATEGORIES, FEE_TEXT.unknownCategory);
const transactionType = requiredEnum(FEE_TRANSACTION_TYPES, msg('Please choose a transaction type'));
const currency = z.enum(TRANSACTION_CURRENCIES).default('NGN');

export const feeEstimateRequestSchema = z.object({
  transactionAmount: feeAmountSchema,
  transactionType,
  categoryName,
  currency,
});

export const feeCalculateRequestSchema = feeEstimateRequestSchema.extend({
  deliveryMethod: z.enum(FEE_DELIVERY_METHODS, { error: msg('Please choose a delivery method') }).optional(),
  paymentMethod: z.enum(FEE_PAYMENT_METHODS, { error: msg('Please choose a payment method') }).optional(),
});

export type FeeEstimateRequest = z.input<typeof feeEstimateRequestSchema>;
export type FeeCalculateRequest = z.input<typeof feeCalculateRequestSchema>;
/** After validation (currency defaulted). */
export type FeeEstimateBody = z.output<typeof feeEstimateRequestSchema>;
export type FeeCalculateBody = z.output<typeof feeCalculateRequestSchema>;

/** The fee quote; see domain/fee-estimate.ts for the meaning of each figure. */
export const feeQuoteSchema = z.object({
  baseFee: z.number(),
  riskAdjustment: z.number(),
  totalFee: z.number(),
  feePercentage: z.number(),
  feeAmount: z.number(),
  totalAmount: z.number(),
  transactionAmount: z.number(),
  currency: z.string(),
  breakdown: z.object({
    baseFee: z.number(),
    amountRisk: z.number(),
    verificationRisk: z.number(),
    historyRisk: z.number(),
    categoryRisk: z.number(),
    deliveryRisk: z.number(),
    paymentRisk: z.number(),
  }),
  riskLevel: z.enum(RISK_LEVELS),
  recommendations: z.array(z.string()),
  riskFactors: z.object({
    riskPoints: z.number(),
    amountBand: z.enum(['low', 'medium', 'high', 'veryHigh']),
    transactionType: z.enum(FEE_TRANSACTION_TYPES),
    deliveryMethod: z.enum(FEE_DELIVERY_METHODS).nullable(),
    paymentMethod: z.enum(FEE_PAYMENT_METHODS).nullable(),
    verificationLevel: z.enum(FEE_VERIFICATION_LEVELS).nullable(),
    verificationMultiplier: z.number(),
    trustScore: z.number().nullable(),
    trustMultiplier: z.number(),
    clamped: z.enum(['MIN', 'MAX']).nullable(),
  }),
  isEstimate: z.literal(true),
  note: z.string(),
});
export type FeeQuoteResponse = z.infer<typeof feeQuoteSchema>;

/** A calculate answer also names the stored calculation and the category it was for. */
export const feeCalculationResultSchema = feeQuoteSchema.extend({
  id: z.string(),
  categoryName: z.string(),
  createdAt: z.string(),
});
export type FeeCalculationResult = z.infer<typeof feeCalculationResultSchema>;

export const feeStructureSchema = z.object({
  baseFee: z.number(),
  minFee: z.number(),
  maxFee: z.number(),
  chargedFeePercentage: z.number(),
  riskAdjustment: z.object({ calculate: z.number(), estimate: z.number() }),
  amountBands: z.object({ low: z.number(), medium: z.number(), high: z.number() }),
  riskFactors: z.object({
    amount: z.object({ low: z.number(), medium: z.number(), high: z.number(), veryHigh: z.number() }),
    verification: z.object({ basic: z.number(), enhanced: z.number(), premium: z.number() }),
    trustScore: z.object({ below30: z.number(), from30To70: z.number(), above70: z.number() }),
    transactionType: z.record(z.string(), z.number()),
    deliveryMethod: z.record(z.string(), z.number()),
    paymentMethod: z.record(z.string(), z.number()),
  }),
});
export type FeeStructure = z.infer<typeof feeStructureSchema>;

export const feeHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const feeHistoryEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  transactionAmount: z.number(),
  currency: z.string(),
  transactionType: z.enum(FEE_TRANSACTION_TYPES),
  categoryName: z.string(),
  deliveryMethod: z.enum(FEE_DELIVERY_METHODS).nullable(),
  paymentMethod: z.enum(FEE_PAYMENT_METHODS).nullable(),
  verificationLevel: z.enum(FEE_VERIFICATION_LEVELS),
  trustScore: z.number(),
  feePercentage: z.number(),
  feeAmount: z.number(),
  totalAmount: z.number(),
  riskLevel: z.enum(RISK_LEVELS),
});
export type FeeHistoryEntry = z.infer<typeof feeHistoryEntrySchema>;

export const feeHistoryResponseSchema = z.object({
  calculations: z.array(feeHistoryEntrySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type FeeHistoryResponse = z.infer<typeof feeHistoryResponseSchema>;
