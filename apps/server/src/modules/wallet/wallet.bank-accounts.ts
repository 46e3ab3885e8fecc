import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { findBank } from '@escrow/shared/domain/banks';
import { MAX_BANK_ACCOUNTS_PER_USER, WALLET_TEXT, type BankAccount } from '@escrow/shared/schemas/wallet';
import type { WalletDeps } from './wallet.deps.ts';
import { bankAccounts, type BankAccountRow } from '../../db/schema/wallet.ts';
import { AppError } from '../../lib/errors.ts';
import { ProviderError } from '../payments/index.ts';
import { PROVIDER_UNAVAILABLE } from '../payments/index.ts';

export function toBankAccount(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    createdAt: row.createdAt.toISOString(),
  };
}

const activeFor = (userId: string) => and(eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt));

export async function listBankAccounts(deps: WalletDeps, userId: string): Promise<BankAccount[]> {
  const rows = await deps.db
    .select()
    .from(bankAccounts)
    .where(activeFor(userId))
    .orderBy(desc(bankAccounts.createdAt));
  return rows.map(toBankAccount);
}

/**
 * Saves a payout account. The schema has already checked the bank code and the NUBAN check digit;
 * the account holder's name comes from the provider (never from the user), so payouts go to the
 * account the user sees named.
 */
export async function addBankAccount(
  deps: WalletDeps,
  userId: string,
  input: { bankCode: string; accountNumber: string },
): Promise<BankAccount> {
  const bank = findBank(input.bankCode);
  if (!bank) throw new AppError('VALIDATION_ERROR', WALLET_TEXT.bankRequired);
  const [existing] = await deps.db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        activeFor(userId),
        eq(bankAccounts.bankCode, bank.code),
        eq(bankAccounts.accountNumber, input.accountNumber),
      ),
    );
  if (existing) throw new AppError('CONFLICT', WALLET_TEXT.bankAccountExists);
  const [saved] = await deps.db.select({ n: count() }).from(bankAccounts).where(activeFor(userId));
  if ((saved?.n ?? 0) >= MAX_BANK_ACCOUNTS_PER_USER)
    throw new AppError('LIMIT_EXCEEDED', WALLET_TEXT.tooManyBankAccountsMessage, undefined, undefined, {
      max: MAX_BANK_ACCOUNTS_PER_USER,
    });

  let accountName: string;
  try {
    ({ accountName } = await deps.payments.resolveAccount(bank.code, input.accountNumber));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.definitive) throw new AppError('UNPROCESSABLE', WALLET_TEXT.bankAccountUnresolved);
    throw new AppError('SERVICE_UNAVAILABLE', PROVIDER_UNAVAILABLE);
  }
  const [row] = await deps.db
    .insert(bankAccounts)
    .values({
      userId,
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: input.accountNumber,
      accountName,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent request saved the same account between our check and insert.
  if (!row) throw new AppError('CONFLICT', WALLET_TEXT.bankAccountExists);
  return toBankAccount(row);
}

/** Soft delete: past withdrawals keep pointing at the account they paid. Not the user's → 404. */
export async function removeBankAccount(deps: WalletDeps, userId: string, id: string): Promise<void> {
  const removed = await deps.db
    .update(bankAccounts)
    .set({ deletedAt: deps.clock.now() })
    .where(and(eq(bankAccounts.id, id), activeFor(userId)))
    .returning({ id: bankAccounts.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', WALLET_TEXT.bankAccountNotFound);
}
