import { Link } from 'react-router';
import { FEE_PAYER_LABELS } from '@escrow/shared/domain/fees';
import { STATUS_LABELS } from '@escrow/shared/domain/transaction-labels';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { fullName } from '../../../widgets/disputes/dispute-labels';
import { formatMinor, heldEscrow } from '../../../widgets/disputes/settlement';
import { t } from '../../../lib/i18n';

/** Both parties (linked to their user pages) and the transaction the dispute froze. */
export function DisputeParties({ dispute }: { dispute: Dispute }) {
  const { transaction, raiser, accused } = dispute;
  // A milestone trade holds only what is not yet released: its price and the buyer's fee part of it.
  const held = heldEscrow(transaction);
  const people = [raiser, accused];
  const buyer = people.find((p) => p.id === transaction.buyerId);
  const seller = people.find((p) => p.id === transaction.sellerId);
  const rows = [
    { role: t('Buyer'), person: buyer },
    { role: t('Seller'), person: seller },
  ];

  return (
    <Card>
      <CardTitle>{t('Parties and transaction')}</CardTitle>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {rows.map(({ role, person }) => (
          <div key={role} className="flex flex-wrap justify-between gap-2 py-2">
            <dt className="text-slate-600">{role}</dt>
            <dd className="text-right">
              {person ? (
                <>
                  <Link
                    to={`/app/admin/users/${encodeURIComponent(person.id)}`}
                    className="font-medium text-brand-800 hover:underline"
                  >
                    {fullName(person)}
                  </Link>
                  <span className="block text-xs text-slate-500">
                    {person.id === raiser.id ? t('Raised the dispute') : t('Dispute raised against them')}
                  </span>
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
        ))}
        <div className="py-2">
          <dt className="text-slate-600">{t('Transaction')}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{transaction.description}</dd>
          <dd className="break-all font-mono text-xs text-slate-500">{transaction.id}</dd>
        </div>
        <div className="flex justify-between gap-2 py-2">
          <dt className="text-slate-600">{t('Status')}</dt>
          <dd className="text-slate-900">{t(STATUS_LABELS[transaction.status])}</dd>
        </div>
        <div className="flex justify-between gap-2 py-2">
          <dt className="text-slate-600">{t('Price')}</dt>
          <dd className="text-slate-900">{formatMoney(transaction.price, transaction.currency)}</dd>
        </div>
        <div className="flex justify-between gap-2 py-2">
          <dt className="text-slate-600">{t('Fee')}</dt>
          <dd className="text-slate-900">{formatMoney(transaction.fee, transaction.currency)}</dd>
        </div>
        <div className="flex justify-between gap-2 py-2">
          <dt className="text-slate-600">{t('Who pays the fee')}</dt>
          <dd className="text-slate-900">{t(FEE_PAYER_LABELS[transaction.feePayer])}</dd>
        </div>
        {held.commissionMinor ? (
          // A brokered trade: the broker's commission comes out of the seller's part (pro rata on a
          // partial refund, nothing on a full refund), so every split below shows the broker's part.
          <div className="flex justify-between gap-2 py-2">
            <dt className="text-slate-600">{t("Broker's commission")}</dt>
            <dd className="text-slate-900" data-testid="dispute-commission">
              {formatMinor(held.commissionMinor, transaction.currency)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-2 py-2">
          <dt className="text-slate-600">
            {held.milestoneTrade
              ? t('Held in escrow (milestones not yet released)')
              : t('Held in escrow (total)')}
          </dt>
          <dd className="font-semibold text-slate-900">
            {held.milestoneTrade
              ? formatMinor(held.priceMinor + held.buyerFeeMinor, transaction.currency)
              : formatMoney(transaction.total, transaction.currency)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
