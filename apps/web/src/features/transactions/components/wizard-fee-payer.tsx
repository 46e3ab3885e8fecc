import { useWatch } from 'react-hook-form';
import {
  FEE_PAYER_LABELS,
  FEE_PAYERS,
  TRANSACTION_FEE_PERCENT,
  type FeePayer,
} from '@escrow/shared/domain/fees';
import { msg } from '@escrow/shared/i18n/msg';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { feePreview, type CreateFormValues } from '../lib/create-form';
import { ChoiceGroup } from './wizard-choice-group';

const PAYER_HINTS: Record<FeePayer, string> = {
  BUYER: msg('The buyer pays the fee on top'),
  SELLER: msg('The fee comes out of the seller’s payment'),
  SPLIT: msg('Each side pays half of the fee'),
};

/**
 * Who pays the fee (docs/money.md "Who pays the fee"), each option with what the buyer pays and the seller
 * gets for the price typed, by the server's own rule; the joining party sees the same before joining.
 */
export function FeePayerChoice() {
  const [price, currency] = useWatch<CreateFormValues, ['price', 'currency']>({
    name: ['price', 'currency'],
  });
  return (
    <ChoiceGroup
      name="feePayer"
      legend={t('Who pays the escrow fee?')}
      columns={3}
      choices={FEE_PAYERS.map((payer) => {
        const preview = feePreview(price, payer);
        return {
          value: payer,
          key: payer,
          title: t(FEE_PAYER_LABELS[payer]),
          description: preview ? (
            <>
              <span className="block">
                {t('Buyer pays {amount}', { amount: formatMoney(preview.buyerPays, currency) })}
              </span>{' '}
              <span className="block">
                {t('Seller gets {amount}', { amount: formatMoney(preview.sellerReceives, currency) })}
              </span>
            </>
          ) : (
            t(PAYER_HINTS[payer])
          ),
        };
      })}
    />
  );
}

/** The fee and both sides' amounts for the chosen payer, as they will be on the transaction. */
export function FeeSummary() {
  const [price, currency, feePayer] = useWatch<CreateFormValues, ['price', 'currency', 'feePayer']>({
    name: ['price', 'currency', 'feePayer'],
  });
  const preview = feePreview(price, feePayer);
  const money = (value: number | undefined) => (value === undefined ? '—' : formatMoney(value, currency));
  return (
    <dl className="rounded-lg bg-slate-50 p-4 text-sm" aria-live="polite">
      <div className="flex justify-between py-1">
        <dt className="text-slate-600">
          {t('Escrow fee ({percent}%)', { percent: TRANSACTION_FEE_PERCENT })}
        </dt>
        <dd data-testid="wizard-fee" className="font-medium">
          {money(preview?.fee)}
        </dd>
      </div>
      <div className="flex justify-between py-1">
        <dt className="text-slate-600">{t('Who pays the fee')}</dt>
        <dd className="font-medium">{t(FEE_PAYER_LABELS[feePayer])}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 py-1 pt-2">
        <dt className="font-semibold text-slate-900">{t('Total (paid by the buyer)')}</dt>
        <dd data-testid="wizard-total" className="font-semibold">
          {money(preview?.buyerPays)}
        </dd>
      </div>
      <div className="flex justify-between py-1">
        <dt className="font-semibold text-slate-900">{t('Seller receives')}</dt>
        <dd data-testid="wizard-seller-receives" className="font-semibold">
          {money(preview?.sellerReceives)}
        </dd>
      </div>
    </dl>
  );
}
