import { Link } from 'react-router';
import { msg } from '@escrow/shared/i18n/msg';
import { LIMIT_TEXT } from '@escrow/shared/domain/limits';
import type { Wallet } from '@escrow/shared/schemas/wallet';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatCount, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';

const LEVEL_NAMES: Record<Wallet['verificationLevel'], string> = {
  BASIC: msg('Basic'),
  ENHANCED: msg('Enhanced (NIN)'),
  PREMIUM: msg('Premium (BVN)'),
};

/** Balance, escrow and totals. */
export function WalletSummary({ wallet }: { wallet: Wallet }) {
  const figures: Array<[string, string, string?]> = [
    [t('Pending escrow'), formatMoney(wallet.pendingEscrow, wallet.currency)],
    [t('Total deposits'), formatMoney(wallet.totalDeposits, wallet.currency)],
    [t('Total withdrawals'), formatMoney(wallet.totalWithdrawals, wallet.currency)],
    [t('Transactions'), wallet.transactionCountCapped ? '1,000+' : formatCount(wallet.transactionCount)],
  ];
  return (
    <section aria-label={t('Wallet summary')} className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {/* Not a Card: its white background would win over the brand colour. */}
      <div className="rounded-xl bg-brand-800 p-5 text-white shadow-sm lg:col-span-1">
        <p className="text-sm text-brand-100">{t('Available balance')}</p>
        <p className="mt-2 text-3xl font-bold" data-testid="wallet-balance">
          {formatMoney(wallet.balance, wallet.currency)}
        </p>
        <p className="mt-2 text-xs text-brand-100">
          {t('In escrow: {amount}', { amount: formatMoney(wallet.pendingEscrow, wallet.currency) })}
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
        <CardTitle id="wallet-limits-title">{t('Verification and limits')}</CardTitle>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {t(LEVEL_NAMES[wallet.verificationLevel])}
        </span>
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{t('Daily withdrawal limit')}</dt>
          <dd className="font-medium text-slate-900">{formatMoney(limits.dailyWithdrawal)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('Withdrawn today')}</dt>
          <dd className="font-medium text-slate-900">{formatMoney(limits.withdrawnToday)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t(LIMIT_TEXT.depositCapLabel)}</dt>
          <dd className="font-medium text-slate-900">
            {limits.maxBalance === null ? t('No cap') : formatMoney(limits.maxBalance)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        {t('Withdrawals cost {fee} each, charged on top of the amount.', {
          fee: formatMoney(wallet.withdrawalFee),
        })}{' '}
        {wallet.verificationLevel !== 'PREMIUM' ? (
          <Link to="/app/verification" className="font-medium text-brand-700 hover:underline">
            {t('Verification unlocks higher limits')}
          </Link>
        ) : null}
      </p>
    </Card>
  );
}
