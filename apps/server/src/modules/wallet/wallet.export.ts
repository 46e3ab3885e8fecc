import { asc, eq } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import type { WalletEntry } from '@escrow/shared/schemas/wallet';
import type { DbOrTx } from '../../db/client.ts';
import type { Language } from '../../lib/i18n.ts';
import { bankAccounts, withdrawals } from '../../db/schema/wallet.ts';
import { walletCurrenciesOf } from '../ledger/index.ts';
import { listWalletHistory } from './wallet.history.ts';

const PAGE = 500;
const iso = (date: Date | null) => date?.toISOString() ?? null;
/** An account number as a file that travels may carry it: the last four digits only. */
const masked = (accountNumber: string) =>
  `${'*'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;

/**
 * The user's money records for "Download my data": their bank accounts (numbers masked; removed ones
 * too, as past withdrawals went to them), their withdrawals and the full statement of every wallet,
 * oldest first, as the wallet screen lists it (its lines in `language`, the user's saved one).
 */
export async function walletForExport(db: DbOrTx, userId: string, language: Language = 'en') {
  const accounts = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId))
    .orderBy(asc(bankAccounts.createdAt));
  const payouts = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(asc(withdrawals.createdAt));
  const statements: { currency: string; entries: WalletEntry[] }[] = [];
  for (const currency of await walletCurrenciesOf(db, userId)) {
    const entries: WalletEntry[] = [];
    for (let page = 1; ; page += 1) {
      const { entries: some, total } = await listWalletHistory(db, userId, currency, page, PAGE, language);
      entries.push(...some);
      if (entries.length >= total || some.length === 0) break;
    }
    statements.push({ currency, entries: entries.reverse() });
  }
  return {
    bankAccounts: accounts.map((a) => ({
      id: a.id,
      bankName: a.bankName,
      accountNumber: masked(a.accountNumber),
      accountName: a.accountName,
      addedAt: a.createdAt.toISOString(),
      removedAt: iso(a.deletedAt),
    })),
    withdrawals: payouts.map((w) => ({
      id: w.id,
      reference: w.reference,
      bankAccountId: w.bankAccountId,
      amount: toMajor(w.amount),
      fee: toMajor(w.fee),
      currency: w.currency,
      status: w.status,
      requestedAt: w.createdAt.toISOString(),
      completedAt: iso(w.completedAt),
    })),
    statements,
  };
}
