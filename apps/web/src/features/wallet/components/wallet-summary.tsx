import { Link } from 'react-router';
import { LIMIT_TEXT } from '@escrow/shared/domain/limits';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatCount, formatMoney } from '../../../lib/format';

const LEVEL_NAMES: Record<Wallet['verificationLevel'], string> = {
  BASIC: 'Basic',
  ENHANCED: 'Enhanced (NIN)',
  PREMIUM: 'Premium (BVN)',
};

/** Balance, escrow and totals. */
export function WalletSummary({ wallet }: { wallet: Wallet }) {
  const figures: Array<[string, string, string?]> = [
    ['Pending escrow', formatMoney(wallet.pendingEscrow, wallet.currency)],
    ['Total deposits', formatMoney(wallet.totalDeposits, wallet.currency)],
    ['Total withdrawals', formatMoney(wallet.totalWithdrawals, wallet.currency)],
    ['Transactions', wallet.transactionCountCapped ? '1,000+' : formatCount(wallet.transactionCount)],
  ];
  return (
    <section aria-label="Wallet summary" className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {/* Not a Card: its white background would win over the brand colour. */}
      <div className="rounded-xl bg-brand-800 p-5 text-white shadow-sm lg:col-span-1">
        <p className="text-sm text-brand-100">Available balance</p>
        <p className="mt-2 text-3xl font-bold" data-testid="wallet-balance">
          {formatMoney(wallet.balance, wallet.currency)}
        </p>
        <p className="mt-2 text-xs text-brand-100">
          In escrow: {formatMoney(wallet.pendingEscrow, wallet.currency)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4 lg:col-span-2">
        {figures.map(([label, value]) => (
          <Card key={label} className="p-4">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

/** The user's verification level and the deposit/withdrawal limits it sets (docs/product.md). */
export function WalletLimitsCard({ wallet }: { wallet: Wallet }) {
  const { limits } = wallet;
  return (
    <Card role="region" aria-labelledby="wallet-limits-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="wallet-limits-title">Verification and limits</CardTitle>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {LEVEL_NAMES[wallet.verificationLevel]}
        </span>
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Daily withdrawal limit</dt>
          <dd className="font-medium text-slate-900">{formatMoney(limits.dailyWithdrawal)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Withdrawn today</dt>
          <dd className="font-medium text-slate-900">{formatMoney(limits.withdrawnToday)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{LIMIT_TEXT.depositCapLabel}</dt>
          <dd className="font-medium text-slate-900">
            {limits.maxBalance === null ? 'No cap' : formatMoney(limits.maxBalance)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        Withdrawals cost {formatMoney(wallet.withdrawalFee)} each, charged on top of the amount.{' '}
        {wallet.verificationLevel !== 'PREMIUM' ? (
          <Link to="/app/verification" className="font-medium text-brand-700 hover:underline">
            Verification unlocks higher limits
          </Link>
        ) : null}
      </p>
    </Card>
  );
}
