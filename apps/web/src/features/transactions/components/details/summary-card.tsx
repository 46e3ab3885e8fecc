import { FEE_PAYER_LABELS } from '@escrow/shared/domain/fees';
import { SHIPPING_TYPE_LABELS } from '@escrow/shared/domain/transaction-machine';
import { msg } from '@escrow/shared/i18n/msg';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Card, CardTitle } from '../../../../components/ui/card';
import { formatDate, formatMoney } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { isBrokered, viewerIsBroker } from '../../lib/broker';
import { copyToClipboard } from '../../lib/share';
import { Detail } from '../form-controls';
import { later } from './later-parts';

// The refund row words the refund as the receipt does (refundDestinationText), from the shared refunds
// schema, whose module brings zod: only a refunded transaction loads it (later-parts.tsx).
const RefundDetail = later<{ transaction: Transaction }>(() =>
  import('./refund-detail').then((module) => module.RefundDetail),
);

const roleWord = (role: string) => (role === 'BUYER' ? msg('Buyer') : msg('Seller'));

/** Overview summary: id with copy, role, dates, money, and both parties. */
export function SummaryCard({ transaction: tx }: { transaction: Transaction }) {
  const buyerIsCreator = tx.creatorRole === 'BUYER';
  // A brokered trade: the broker arranged it, for a commission out of what the seller receives.
  const brokered = isBrokered(tx);
  return (
    <Card>
      <CardTitle>{t('Summary')}</CardTitle>
      <dl className="mt-3 divide-y divide-slate-100">
        <Detail label={t('Transaction ID')}>
          <span className="font-mono text-xs">{tx.id}</span>{' '}
          <button
            type="button"
            onClick={() => void copyToClipboard(tx.id)}
            className="ml-1 text-xs font-medium text-brand-700 hover:underline"
          >
            {t('Copy')}
          </button>
        </Detail>
        <Detail label={t('Your role')}>
          {viewerIsBroker(tx) ? t('Broker') : t(roleWord(tx.viewerRole))}
        </Detail>
        <Detail label={t('Created')}>{formatDate(tx.createdAt)}</Detail>
        <Detail label={t('Description')}>{tx.description}</Detail>
        <Detail label={t('Item price')}>{formatMoney(tx.price, tx.currency)}</Detail>
        <Detail label={t('Transaction Fee (2.5%)')}>{formatMoney(tx.fee, tx.currency)}</Detail>
        <Detail label={t('Who pays the fee')}>
          <span data-testid="summary-fee-payer">{t(FEE_PAYER_LABELS[tx.feePayer])}</span>
        </Detail>
        {/* total = what the buyer pays into escrow (buyerPays), whoever pays the fee */}
        <Detail label={t('Total (buyer pays)')}>
          <span data-testid="summary-total">{formatMoney(tx.total, tx.currency)}</span>
        </Detail>
        {brokered ? (
          <Detail label={t("Broker's commission")}>
            <span data-testid="summary-commission">{formatMoney(tx.commission ?? 0, tx.currency)}</span>
          </Detail>
        ) : null}
        <Detail label={brokered ? t('Seller receives (after fee and commission)') : t('Seller receives')}>
          <span data-testid="summary-seller-receives">{formatMoney(tx.sellerReceives, tx.currency)}</span>
        </Detail>
        <Detail label={t('Delivery')}>{t(SHIPPING_TYPE_LABELS[tx.shippingType])}</Detail>
        {tx.refund ? <RefundDetail transaction={tx} /> : null}
        {brokered ? (
          <BrokeredParties transaction={tx} />
        ) : (
          <>
            <Detail label={tx.creatorRole === 'BUYER' ? t('Creator (Buyer)') : t('Creator (Seller)')}>
              {tx.creatorName || t('Unknown User')}
            </Detail>
            <Detail label={buyerIsCreator ? t('Counterparty (Seller)') : t('Counterparty (Buyer)')}>
              {tx.counterpartyName ?? (
                <span className="italic text-slate-500">{t('Waiting for counterparty...')}</span>
              )}
            </Detail>
          </>
        )}
        {tx.useCourier && tx.estimatedDeliveryDays ? (
          <Detail label={t('Estimated delivery')}>
            {t('{count} days', { count: tx.estimatedDeliveryDays })}
          </Detail>
        ) : null}
      </dl>
      <ItemDetails transaction={tx} />
    </Card>
  );
}

/**
 * A brokered trade's three people: the broker who arranged it, and the seller and the buyer, each named
 * once they have joined (the seller takes the creator side, docs/partner-api.md "Role BROKER").
 */
function BrokeredParties({ transaction: tx }: { transaction: Transaction }) {
  const waiting = <span className="italic text-slate-500">{t('Waiting to join...')}</span>;
  const sellerIsCreator = tx.creatorRole === 'SELLER';
  const creatorName = tx.creatorId ? tx.creatorName || t('Unknown User') : null;
  const counterpartyName = tx.counterpartyId ? tx.counterpartyName || t('Unknown User') : null;
  return (
    <>
      <Detail label={t('Broker')}>
        <span data-testid="summary-broker">{tx.brokerName?.trim() || t('Unknown User')}</span>
      </Detail>
      <Detail label={t('Seller')}>{(sellerIsCreator ? creatorName : counterpartyName) ?? waiting}</Detail>
      <Detail label={t('Buyer')}>{(sellerIsCreator ? counterpartyName : creatorName) ?? waiting}</Detail>
    </>
  );
}

function ItemDetails({ transaction: tx }: { transaction: Transaction }) {
  const specs = [
    [msg('Brand'), tx.itemBrand],
    [msg('Model'), tx.itemModel],
    [msg('Size'), tx.itemSize],
    [msg('Colour'), tx.itemColor],
    [msg('Weight'), tx.itemWeight !== null ? `${tx.itemWeight} kg` : null],
    [msg('Dimensions'), tx.itemDimensions],
    [msg('Serial number'), tx.itemSerialNumber],
    [msg('Warranty'), tx.itemWarranty],
    [msg('Country of origin'), tx.itemOrigin],
    [msg('Age/usage'), tx.itemAge],
  ].filter((entry): entry is [string, string] => !!entry[1]);
  const notes = [
    [msg('Special instructions'), tx.specialInstructions],
    [msg('Return policy'), tx.returnPolicy],
    [msg('Specific requirements'), tx.specificRequirements],
    [msg('Transaction terms'), tx.transactionTerms],
  ].filter((entry): entry is [string, string] => !!entry[1]);
  const hasItem = tx.itemType || tx.itemCategory || tx.itemCondition || specs.length > 0;
  const hasPreferences = tx.maximumBudget !== null || tx.preferredCondition;
  if (!hasItem && !hasPreferences && notes.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">{t('Item details')}</h3>
      <dl className="mt-2 divide-y divide-slate-100">
        {tx.itemType ? <Detail label={t('Type')}>{t(tx.itemType)}</Detail> : null}
        {tx.itemCategory ? <Detail label={t('Category')}>{t(tx.itemCategory)}</Detail> : null}
        {tx.itemCondition ? <Detail label={t('Condition')}>{t(tx.itemCondition)}</Detail> : null}
        {tx.itemQuantity > 1 ? <Detail label={t('Quantity')}>{tx.itemQuantity}</Detail> : null}
        {specs.map(([label, value]) => (
          <Detail key={label} label={t(label)}>
            {value}
          </Detail>
        ))}
        {tx.maximumBudget !== null ? (
          <Detail label={t('Maximum budget')}>{formatMoney(tx.maximumBudget, tx.currency)}</Detail>
        ) : null}
        {tx.preferredCondition ? (
          <Detail label={t('Preferred condition')}>{t(tx.preferredCondition)}</Detail>
        ) : null}
      </dl>
      {notes.map(([label, value]) => (
        <div key={label} className="mt-3 text-sm">
          <p className="text-slate-600">{t(label)}</p>
          <p className="whitespace-pre-line text-slate-900">{value}</p>
        </div>
      ))}
    </div>
  );
}
