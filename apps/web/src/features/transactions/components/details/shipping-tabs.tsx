import { msg } from '@escrow/shared/i18n/msg';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Card, CardTitle } from '../../../../components/ui/card';
import { formatDisplayDate } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { copyToClipboard } from '../../lib/share';
import { trackingUrl } from '../../lib/tracking';
import { Detail } from '../form-controls';
import { ShipmentPhotos } from './shipment-photos';

const CONDITION_WORDS: Record<string, string> = {
  EXCELLENT: msg('Excellent'),
  GOOD: msg('Good'),
  FAIR: msg('Fair'),
  POOR: msg('Poor'),
};

/** Shipping tab (seller): where to send the item. */
export function ShippingTab({ transaction: tx }: { transaction: Transaction }) {
  const details = tx.deliveryDetails;
  if (!details)
    return (
      <Card className="text-center">
        <CardTitle>{t('Shipping Details Not Provided')}</CardTitle>
        <p className="mt-1 text-sm text-slate-600">{t('The buyer has not given a delivery address yet.')}</p>
      </Card>
    );
  return (
    <Card>
      <CardTitle>{t('Shipping Details')}</CardTitle>
      <DeliveryAddress details={details} />
    </Card>
  );
}

/** The delivery address as both parties read it (the seller's Shipping tab, the buyer's own card). */
export function DeliveryAddress({ details }: { details: NonNullable<Transaction['deliveryDetails']> }) {
  return (
    <dl className="mt-3 divide-y divide-slate-100">
      <Detail label={t('Recipient name')}>{details.fullName}</Detail>
      <Detail label={t('Phone')}>{details.phoneNumber}</Detail>
      <Detail label={t('Address')}>{details.address}</Detail>
      <Detail label={t('City')}>{details.city}</Detail>
      <Detail label={t('State')}>{details.state}</Detail>
      <Detail label={t('ZIP code')}>{details.zipCode}</Detail>
      <Detail label={t('Country')}>{details.country}</Detail>
      {details.specialInstructions ? (
        <Detail label={t('Special instructions')}>{details.specialInstructions}</Detail>
      ) : null}
    </dl>
  );
}

/** Confirmation tab (buyer): what the seller shipped, with tracking. */
export function ConfirmationTab({ transaction: tx }: { transaction: Transaction }) {
  const shipment = tx.shipmentData;
  if (!shipment)
    return (
      <Card className="text-center">
        <CardTitle>{t('Shipment Confirmation Not Provided')}</CardTitle>
        <p className="mt-1 text-sm text-slate-600">{t('The seller has not confirmed shipment yet.')}</p>
      </Card>
    );
  return (
    <Card className="space-y-3">
      <CardTitle>{t('Shipment Confirmation')}</CardTitle>
      <dl className="divide-y divide-slate-100">
        {shipment.trackingNumber ? (
          <Detail label={t('Tracking number')}>
            <span className="font-mono">{shipment.trackingNumber}</span>
            <button
              type="button"
              className="ml-2 text-xs font-medium text-brand-700 hover:underline"
              onClick={() => void copyToClipboard(shipment.trackingNumber!, msg('Tracking number copied!'))}
            >
              {t('Copy')}
            </button>
          </Detail>
        ) : null}
        {shipment.courierService ? <Detail label={t('Courier')}>{shipment.courierService}</Detail> : null}
        <Detail label={t('Estimated delivery')}>{formatDisplayDate(shipment.estimatedDelivery)}</Detail>
        <Detail label={t('Item condition')}>
          {t(CONDITION_WORDS[shipment.itemCondition] ?? shipment.itemCondition)}
        </Detail>
        {shipment.packagingDetails ? (
          <Detail label={t('Packaging')}>{shipment.packagingDetails}</Detail>
        ) : null}
        {shipment.additionalNotes ? <Detail label={t('Notes')}>{shipment.additionalNotes}</Detail> : null}
      </dl>
      <ShipmentPhotos photos={shipment.photos} />
      {shipment.trackingNumber ? (
        <a
          href={trackingUrl(shipment.courierService, shipment.trackingNumber)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t('Track Package')}
        </a>
      ) : null}
    </Card>
  );
}
