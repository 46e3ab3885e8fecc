import { eq } from 'drizzle-orm';
import { WALLET_TEXT, type VirtualAccount } from '@escrow/shared/schemas/wallet';
import type { WalletDeps } from './wallet.deps.ts';
import type { UserRow } from '../auth/index.ts';
import { dedicatedAccounts } from '../../db/schema/wallet.ts';
import { AppError } from '../../lib/errors.ts';
import { providerFailure } from '../payments/index.ts';

/**
 * A dedicated account number that funds the wallet by bank transfer. Only for verified users
 * (ENHANCED or PREMIUM): a standing account number is a KYC matter. Asking again returns the same one.
 */
export async function getOrCreateVirtualAccount(deps: WalletDeps, user: UserRow): Promise<VirtualAccount> {
  if (user.verificationLevel === 'BASIC')
    throw new AppError('FORBIDDEN', WALLET_TEXT.virtualAccountNeedsVerification);
  const existing = await findVirtualAccount(deps, user.id);
  if (existing) return existing;
  let created;
  try {
    created = await deps.payments.createDedicatedAccount({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    });
  } catch (error) {
    throw providerFailure(error);
  }
  await deps.db
    .insert(dedicatedAccounts)
    .values({
      userId: user.id,
      provider: deps.payments.name,
      accountNumber: created.accountNumber,
      bankName: created.bankName,
      accountName: created.accountName,
      customerCode: created.customerCode ?? null,
    })
    .onConflictDoNothing({ target: dedicatedAccounts.userId });
  return (await findVirtualAccount(deps, user.id))!;
}

async function findVirtualAccount(deps: WalletDeps, userId: string): Promise<VirtualAccount | null> {
  const [row] = await deps.db.select().from(dedicatedAccounts).where(eq(dedicatedAccounts.userId, userId));
  return row
    ? { accountNumber: row.accountNumber, bankName: row.bankName, accountName: row.accountName }
    : null;
}
