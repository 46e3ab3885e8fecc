import { z } from 'zod';
import { findBank } from '../domain/banks.ts';
import { toMinor } from '../domain/money.ts';
import { isValidNuban } from '../domain/nuban.ts';
import { WALLET_TEXT } from '../texts/wallet.ts';
import { VERIFICATION_LEVELS } from './auth.ts';

// Texts: texts/wallet.ts (zod-free, what screens import); re-exported for forms and the server.
export { WALLET_TEXT };

export const MAX_BANK_ACCOUNTS_PER_USER = 10;

/** A major-unit amount (₦1,500.50 = 1500.5): a JSON number, > 0, at most 2 decimals, within bounds. */
export const walletAmountSchema = z
  .number({ error: WALLET_TEXT.invalidAmount })
  .refine((v) => (toMinor(v) ?? 0) > 0, WALLET_TEXT.invalidAmount);

export const depositBodySchema = z.object({ amount: walletAmountSchema });
export type DepositInput = z.infer<typeof depositBodySchema>;

export const withdrawBodySchema = z.object({
  amount: walletAmountSchema,
  bankAccountId: z
    .string({ error: WALLET_TEXT.bankAccountRequired })
    .min(1, WALLET_TEXT.bankAccountRequired)
    .max(64, WALLET_TEXT.bankAccountNotFound),
});
export type WithdrawInput = z.infer<typeof withdrawBodySchema>;

/** A Nigerian bank account: a known bank and a 10-digit NUBAN whose check digit fits that bank. */
export const addBankAccountBodySchema = z
  .object({
    bankCode: z
      .string({ error: WALLET_TEXT.bankRequired })
      .max(10, WALLET_TEXT.bankRequired)
      .refine((code) => findBank(code) !== undefined, WALLET_TEXT.bankRequired),
    accountNumber: z
      .string({ error: WALLET_TEXT.accountNumberFormat })
      .trim()
      .regex(/^\d{10}$/, WALLET_TEXT.accountNumberFormat),
  })
  .superRefine((value, ctx) => {
    if (findBank(value.bankCode) && /^\d{10}$/.test(value.accountNumber)) {
      if (!isValidNuban(value.bankCode, value.accountNumber))
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: WALLET_TEXT.accountNumberCheck });
    }
  });
export type AddBankAccountInput = z.infer<typeof addBankAccountBodySchema>;

export const walletHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type WalletHistoryQuery = z.infer<typeof walletHistoryQuerySchema>;

export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/wallet → data.wallet. Amounts in major units. */
export const walletSchema = z.object({
  balance: z.number(),
  currency: z.literal('NGN'),
  pendingEscrow: z.number(),
  totalDeposits: z.number(),
  totalWithdrawals: z.number(),
  /** Counted up to 1,000; `transactionCountCapped` says there are more (shown as '1,000+'). */
  transactionCount: z.number().int(),
  transactionCountCapped: z.boolean(),
  verificationLevel: z.enum(VERIFICATION_LEVELS),
  limits: z.object({
    dailyWithdrawal: z.number(),
    withdrawnToday: z.number(),
    maxBalance: z.number().nullable(),
  }),
  withdrawalFee: z.number(),
  provider: z.enum(PAYMENT_PROVIDERS),
  testMode: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const WALLET_ENTRY_TYPES = ['credit', 'debit', 'escrow_hold', 'escrow_release', 'fee'] as const;
export type WalletEntryType = (typeof WALLET_ENTRY_TYPES)[number];
export const WALLET_ENTRY_STATUSES = ['completed', 'pending', 'failed'] as const;
export type WalletEntryStatus = (typeof WALLET_ENTRY_STATUSES)[number];

/** One line of the wallet history. `amount` is positive; `type` says the direction. */
export const walletEntrySchema = z.object({
  id: z.string(),
  type: z.enum(WALLET_ENTRY_TYPES),
  amount: z.number(),
  description: z.string(),
  date: z.string(),
  status: z.enum(WALLET_ENTRY_STATUSES),
  reference: z.string().nullable(),
  transactionId: z.string().nullable(),
  counterparty: z.string().nullable(),
  /** A card or bank-transfer payment straight into escrow: listed for the record, the balance did not move. */
  outsideWallet: z.boolean(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletHistorySchema = z.object({
  entries: z.array(walletEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type WalletHistory = z.infer<typeof walletHistorySchema>;

export const depositResultSchema = z.object({
  deposit: z.object({
    reference: z.string(),
    status: z.enum(WALLET_ENTRY_STATUSES),
    amount: z.number(),
    authorizationUrl: z.string().nullable().optional(),
  }),
  wallet: walletSchema.optional(),
});
export type DepositResult = z.infer<typeof depositResultSchema>;

export const withdrawalResultSchema = z.object({
  withdrawal: z.object({
    reference: z.string(),
    status: z.enum(WALLET_ENTRY_STATUSES),
    amount: z.number(),
    fee: z.number(),
  }),
  wallet: walletSchema,
});
export type WithdrawalResult = z.infer<typeof withdrawalResultSchema>;

export const bankSchema = z.object({ code: z.string(), name: z.string() });
export const bankAccountSchema = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const virtualAccountSchema = z.object({
  accountNumber: z.string(),
  bankName: z.string(),
  accountName: z.string(),
});
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;

/** GET /api/admin/ledger/check → data.report. */
export const ledgerCheckReportSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  entries: z.number().int(),
  postings: z.number().int(),
  accounts: z.number().int(),
  heldEscrows: z.number().int(),
  problems: z.array(z.object({ kind: z.string(), subject: z.string(), detail: z.string() })),
});
export type LedgerCheckReport = z.infer<typeof ledgerCheckReportSchema>;
