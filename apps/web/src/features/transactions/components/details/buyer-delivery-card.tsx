import { decide, PRE_PAYMENT_STATUSES } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { DELIVERY_CORRECTION_TEXT } from '@escrow/shared/texts/correction';
import { Button } from '../../../../components/ui/button';
import { Card, CardTitle } from '../../../../components/ui/card';
import { t } from '../../../../lib/i18n';
import { viewerIsBroker } from '../../lib/broker';
import { transitionFacts } from '../../lib/trade-terms';
import { DeliveryAddress } from './shipping-tabs';

/**
 * The buyer's own delivery address on a courier trade (docs/privacy.md "Correct my data"): they may
 * correct it until the seller ships (a milestone trade: until a first milestone is delivered), by the
 * table the server enforces; after that it is part of the trade's record and the card says so.
 */
export function BuyerDeliveryCard({
  transaction: tx,
  onEdit,
}: {
  transaction: Transaction;
  onEdit: () => void;
}) {
  const details = tx.deliveryDetails;
  if (viewerIsBroker(tx) || tx.viewerRole !== 'BUYER' || !tx.useCourier || !details) return null;
  if (tx.status === 'CANCELLED') return null;
  const editable = decide(tx.status, 'PROVIDE_DELIVERY_DETAILS', 'BUYER', transitionFacts(tx)).ok;
  const shipped = !editable && tx.status !== 'DISPUTED';
  return (
    <Card data-testid="buyer-delivery-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t(DELIVERY_CORRECTION_TEXT.cardTitle)}</CardTitle>
        {editable ? (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {t(DELIVERY_CORRECTION_TEXT.edit)}
          </Button>
        ) : null}
      </div>
      <DeliveryAddress details={details} />
      {editable && !PRE_PAYMENT_STATUSES.includes(tx.status) ? (
        <p className="mt-3 text-sm text-slate-600">{t(DELIVERY_CORRECTION_TEXT.editableAfterPayment)}</p>
      ) : null}
      {shipped ? <p className="mt-3 text-sm text-slate-600">{t(DELIVERY_CORRECTION_TEXT.locked)}</p> : null}
    </Card>
  );
}
