import { LIMIT_TEXT, WALLET_CURRENCY, walletLimitsFor } from '@escrow/shared/domain/limits';
import { formatNumber } from '@escrow/shared/domain/en-ng-format';
import { toMajor } from '@escrow/shared/domain/money';
import type { VerificationLevel } from '@escrow/shared/schemas/auth';
import type { DepositResult } from '@escrow/shared/schemas/wallet';
import type { WalletDeps } from './wallet.deps.ts';
import type { UserRow } from '../auth/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { lockWallet, walletBalanceMinor } from '../ledger/index.ts';
import {
  confirmProviderPayment,
  createPaymentIntent,
  ownPaymentIntent,
  newReference,
  recordSandboxDepositIntent,
  settleProviderPayment,
} from '../payments/index.ts';
import { walletSummary } from './wallet.summary.ts';
import { msg } from '@escrow/shared/i18n/msg';

/** The balance after a deposit may not exceed the level's cap (docs/product.md, limits table). */
function assertDepositCap(balanceMinor: number, amountMinor: number, level: VerificationLevel) {
  const cap = walletLimitsFor(level).maxBalanceMinor;
  if (cap !== null && balanceMinor + amountMinor > cap)
    throw new AppError('LIMIT_EXCEEDED', LIMIT_TEXT.depositAboveCapMessage, undefined, undefined, {
      capMinor: `₦${formatNumber(Math.floor(cap / 100))}`,
      level,
    });
}

/**
 * Sandbox: settles at once (external funding → wallet) in one database transaction, with the cap
 * checked under the wallet's lock. Paystack: the cap is checked when the checkout is created and the
 * wallet is credited only by a verified webhook or an explicit verify; money the provider really
 * collected is always credited, even if the balance moved meanwhile.
 */
export async function depositToWallet(
  deps: WalletDeps,
  user: UserRow,
  amountMinor: number,
): Promise<DepositResult> {
  const currency = WALLET_CURRENCY;
  if (deps.payments.settlesImmediately) {
    const reference = newReference('dep');
    await deps.db.transaction(async (tx) => {
      const balance = await lockWallet(tx, user.id, currency);
      assertDepositCap(balance, amountMinor, user.verificationLevel);
      await recordSandboxDepositIntent(tx, {
        reference,
        userId: user.id,
        amountMinor,
        currency,
        provider: deps.payments.name,
      });
      const outcome = await settleProviderPayment(tx, reference, { amountMinor, currency }, deps.clock.now());
      if (outcome !== 'credited')
        throw new Error(`Sandbox deposit ${reference} was not credited (${outcome})`);
    });
    return {
      deposit: { reference, status: 'completed', amount: toMajor(amountMinor) },
      wallet: await walletSummary(deps, user),
    };
  }
  assertDepositCap(await walletBalanceMinor(deps.db, user.id, currency), amountMinor, user.verificationLevel);
  const intent = await createPaymentIntent(deps, {
    userId: user.id,
    email: user.email,
    purpose: 'DEPOSIT',
    transactionId: null,
    amountMinor,
    currency,
    method: 'CHECKOUT',
  });
  return {
    deposit: {
      reference: intent.reference,
      status: 'pending',
      amount: toMajor(amountMinor),
      authorizationUrl: intent.authorizationUrl,
    },
  };
}

/** Asks the provider about one of the user's own deposits (after the checkout redirect). */
export async function verifyDeposit(
  deps: WalletDeps,
  user: UserRow,
  reference: string,
): Promise<DepositResult> {
  const intent = await ownPaymentIntent(deps.db, user.id, reference, 'DEPOSIT');
  if (!intent) throw notFound(msg('Deposit not found'));
  const { status } = await confirmProviderPayment(deps, reference);
  return {
    deposit: {
      reference,
      status: status === 'success' ? 'completed' : status,
      amount: toMajor(intent.amount),
    },
    wallet: await walletSummary(deps, user),
  };
}
