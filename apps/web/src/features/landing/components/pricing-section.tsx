import type { ReactNode } from 'react';
import { formatMoney, toMajor } from '@escrow/shared/domain/money';
import { TRANSACTION_FEE_PERCENT, transactionTotals } from '@escrow/shared/domain/fees';
import CheckIcon from 'lucide-react/icons/check';
import { t } from '../../../lib/i18n';
import { fillSlots, slot } from '../lib/slots';
import { SectionHeading, sectionClass } from './section-heading';

const EXAMPLE_PRICE_MINOR = 100_000_00;
const WITHDRAWAL_FEE = 50;

export function PricingSection({ cta }: { cta: ReactNode }) {
  const example = transactionTotals(EXAMPLE_PRICE_MINOR);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className={`${sectionClass} bg-slate-50`}>
      <SectionHeading id="pricing-title" eyebrow={t('Pricing')} title={t('One simple fee, no surprises')}>
        {t('No sign-up fee and no monthly fee. You pay only when you trade.')}
      </SectionHeading>
      <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        <div className="rounded-2xl border-2 border-brand-700 bg-white p-7">
          <h3 className="text-lg font-semibold text-slate-900">{t('Per transaction')}</h3>
          <p className="mt-3 text-5xl font-extrabold text-brand-800">{TRANSACTION_FEE_PERCENT}%</p>
          <p className="mt-2 text-slate-700">{t('of the price, paid by the buyer on top of the price.')}</p>
          <ul className="mt-6 space-y-3 text-slate-800">
            {[
              t('The seller receives the full price'),
              t('The fee is fixed when the transaction is created'),
              t('Escrow protection and dispute support included'),
            ].map((line) => (
              <li key={line} className="flex gap-2">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                {line}
              </li>
            ))}
          </ul>
          <p className="mt-6 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            {fillSlots(
              t('Example: an item of {price} costs the buyer {total} (fee {fee}).', {
                price: formatMoney(toMajor(EXAMPLE_PRICE_MINOR)),
                total: slot(0),
                fee: formatMoney(toMajor(example.feeMinor)),
              }),
              <strong>{formatMoney(toMajor(example.totalMinor))}</strong>,
            )}
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-7">
          <h3 className="text-lg font-semibold text-slate-900">{t('Withdrawals')}</h3>
          <p className="mt-3 text-5xl font-extrabold text-slate-900">{formatMoney(WITHDRAWAL_FEE)}</p>
          <p className="mt-2 text-slate-700">
            {t('per withdrawal to a Nigerian bank account, added to the amount you withdraw.')}
          </p>
          <ul className="mt-6 space-y-3 text-slate-800">
            {[
              t('Paying for a transaction from your wallet costs nothing extra'),
              t('Money waiting in your wallet is yours to withdraw at any time'),
            ].map((line) => (
              <li key={line} className="flex gap-2">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-10 text-center">
        <p className="mb-4 text-slate-700">{t('Trade safely from day one: join the waitlist.')}</p>
        {cta}
      </div>
    </section>
  );
}
