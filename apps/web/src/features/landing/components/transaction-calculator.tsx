import { useId, useState } from 'react';
import { formatMoney } from '@escrow/shared/domain/money';
import { DEFAULT_FEE_PAYER, TRANSACTION_FEE_PERCENT, type FeePayer } from '@escrow/shared/domain/fees';
import { FeePayerSwitch } from '../../../components/fee-payer-switch';
import { t } from '../../../lib/i18n';
import { CALCULATOR_HINT, needsAmountHint, quote } from '../lib/calculator';
import { fillSlots, slot } from '../lib/slots';

/**
 * What the seller gets, said for the payer chosen (the full price when the buyer pays the fee), with
 * `slot(0)` where the amount goes.
 */
function sellerLine(payer: FeePayer) {
  const amount = slot(0);
  if (payer === 'BUYER') return t('The seller receives the full price: {amount}.', { amount });
  return payer === 'SELLER'
    ? t('The seller receives the price less the fee: {amount}.', { amount })
    : t('The seller receives the price less half the fee: {amount}.', { amount });
}

/**
 * The landing page's transaction calculator: the 2.5% fee and the total the buyer pays, in naira with 2
 * decimals (en-NG); with the buyer paying the fee (the default) the seller receives the full price
 * (docs/money.md "Who pays the fee"), and the payer switch shows the other two arrangements. A text input on
 * purpose: whatever is typed is accepted and anything non-numeric counts as 0.
 */
export function TransactionCalculator() {
  const [amount, setAmount] = useState('');
  const [payer, setPayer] = useState<FeePayer>(DEFAULT_FEE_PAYER);
  const inputId = useId();
  const hintId = useId();
  const showHint = needsAmountHint(amount);
  const { price, fee, total, sellerReceives } = quote(amount, payer);
  const rows = [
    { label: t('Item price'), value: formatMoney(price), testId: 'calc-price' },
    {
      label: t('Platform fee ({percent}%)', { percent: TRANSACTION_FEE_PERCENT }),
      value: formatMoney(fee),
      testId: 'calc-fee',
    },
    { label: t('Total the buyer pays'), value: formatMoney(total), testId: 'calc-total', strong: true },
  ];

  return (
    <section
      id="calculator"
      aria-labelledby="calculator-title"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-7"
    >
      <h2 id="calculator-title" className="text-xl font-bold text-slate-900">
        {t('Transaction calculator')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('See what a purchase costs with escrow protection.')}</p>
      <label htmlFor={inputId} className="mt-5 block text-sm font-medium text-slate-800">
        {t('Item price in naira')}
      </label>
      <div className="relative mt-1">
        <span
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600"
          aria-hidden="true"
        >
          ₦
        </span>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('e.g. {example}', { example: '150000' })}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          maxLength={24}
          aria-invalid={showHint || undefined}
          aria-describedby={showHint ? hintId : undefined}
          className="h-12 w-full rounded-lg border border-slate-400 bg-white pl-8 pr-3 text-lg text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
        />
      </div>
      {showHint ? (
        <p id={hintId} className="mt-1 text-sm text-amber-800">
          {t(CALCULATOR_HINT)}
        </p>
      ) : null}
      <div className="mt-4">
        <FeePayerSwitch value={payer} onChange={setPayer} />
      </div>
      <dl className="mt-5 divide-y divide-slate-200">
        {rows.map((row) => (
          <div key={row.label} className="flex items-baseline justify-between gap-4 py-2.5">
            <dt className={row.strong ? 'font-semibold text-slate-900' : 'text-slate-700'}>{row.label}</dt>
            <dd
              data-testid={row.testId}
              className={`text-right tabular-nums ${row.strong ? 'text-lg font-bold text-brand-800' : 'text-slate-900'}`}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
        {fillSlots(
          sellerLine(payer),
          <span className="font-semibold" data-testid="calc-seller">
            {formatMoney(sellerReceives)}
          </span>,
        )}
      </p>
      <p className="sr-only" aria-live="polite">
        {t('Fee {fee}. The buyer pays {total}. The seller receives {seller}.', {
          fee: formatMoney(fee),
          total: formatMoney(total),
          seller: formatMoney(sellerReceives),
        })}
      </p>
    </section>
  );
}
