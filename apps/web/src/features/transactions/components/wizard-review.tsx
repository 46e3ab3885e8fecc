import { useWatch } from 'react-hook-form';
import { FEE_PAYER_LABELS } from '@escrow/shared/domain/fees';
import { SHIPPING_TYPE_LABELS } from '@escrow/shared/domain/transaction-machine';
import { formatDisplayDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { feePreview, type CreateFormValues } from '../lib/create-form';
import { milestonesActive } from '../lib/milestone-drafts';
import { Detail } from './form-controls';

/**
 * The last step's review of what is about to be created: role, delivery, and who pays what (the
 * counterparty sees the same on the invitation and accepts it by joining).
 */
export function WizardReview() {
  const [role, shippingType, price, currency, feePayer, milestonesOn, milestones] = useWatch<
    CreateFormValues,
    ['creatorRole', 'shippingType', 'price', 'currency', 'feePayer', 'milestonesOn', 'milestones']
  >({ name: ['creatorRole', 'shippingType', 'price', 'currency', 'feePayer', 'milestonesOn', 'milestones'] });
  const preview = feePreview(price, feePayer);
  const parts = milestonesActive({ milestonesOn, shippingType }) ? milestones : [];
  return (
    <section aria-labelledby="wizard-review-title" className="rounded-lg border border-slate-200 p-4">
      <h3 id="wizard-review-title" className="text-sm font-semibold text-slate-900">
        {t('Review')}
      </h3>
      <dl className="mt-2 divide-y divide-slate-100" data-testid="wizard-review">
        <Detail label={t('Your role')}>{role === 'SELLER' ? t('Seller') : t('Buyer')}</Detail>
        <Detail label={t('Delivery')}>{shippingType ? t(SHIPPING_TYPE_LABELS[shippingType]) : '—'}</Detail>
        <Detail label={t('Price')}>{price !== undefined ? formatMoney(price, currency) : '—'}</Detail>
        <Detail label={t('Who pays the fee')}>{t(FEE_PAYER_LABELS[feePayer])}</Detail>
        <Detail label={t('Buyer pays')}>{preview ? formatMoney(preview.buyerPays, currency) : '—'}</Detail>
        <Detail label={t('Seller receives')}>
          {preview ? formatMoney(preview.sellerReceives, currency) : '—'}
        </Detail>
      </dl>
      {parts.length ? (
        <>
          <h4 className="mt-3 text-sm font-semibold text-slate-900">
            {t('Paid in {count, plural, one {# milestone} other {# milestones}}', { count: parts.length })}
          </h4>
          <ol
            className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800"
            data-testid="wizard-review-milestones"
          >
            {parts.map((m, index) => (
              <li key={index}>
                {m.title} · {m.amount !== undefined ? formatMoney(m.amount, currency) : '—'}
                {m.dueDate ? ` · ${t('due {date}', { date: formatDisplayDate(m.dueDate) })}` : ''}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
