import type { ReactNode } from 'react';
import { msg } from '@escrow/shared/i18n/msg';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Spinner } from '../../../../components/ui/spinner';
import { Tabs, type TabItem } from '../../../../components/ui/tabs';
import { t } from '../../../../lib/i18n';
import { ActivityTab } from './activity-tab';
import { later, usePreloadLater } from './later-parts';
import { ConfirmationTab, ShippingTab } from './shipping-tabs';

// The Payment tab (the conditions' texts and the release forms: react-hook-form, zod with the schemas)
// is not what the page shows first: its code comes once the page has shown its data, or at once when
// the tab is opened (later-parts.tsx).
const PaymentConditionsPanel = later<{ transaction: Transaction }>(
  () => import('./payment-conditions-panel').then((module) => module.PaymentConditionsPanel),
  <Spinner />,
);

/**
 * Shipping only for the seller (courier used or details given), Confirmation only for the
 * buyer, and not for a 'Meet and inspect' trade, which has no shipment to confirm, nor for a milestone
 * trade, whose deliveries are shown on each milestone.
 */
export function visibleTabs(tx: Transaction): string[] {
  // A brokered trade's broker reads the overview and the activity only: the payment conditions, the
  // delivery address and the shipment are the parties' (their routes are 404 for the broker).
  if (tx.viewerIsBroker === true) return [msg('Overview'), msg('Activity')];
  const tabs: string[] = [msg('Overview')];
  if (tx.viewerRole === 'SELLER' && (tx.useCourier || tx.deliveryDetails !== null))
    tabs.push(msg('Shipping'));
  if (tx.viewerRole === 'BUYER' && tx.shippingType !== 'IN_PERSON' && !tx.milestones.length)
    tabs.push(msg('Confirmation'));
  tabs.push(msg('Payment'), msg('Activity'));
  return tabs;
}

export function DetailsTabs({
  transaction: tx,
  overview,
}: {
  transaction: Transaction;
  overview: ReactNode;
}) {
  usePreloadLater([tx.viewerIsBroker === true ? null : PaymentConditionsPanel]);
  const content: Record<string, ReactNode> = {
    Overview: overview,
    Shipping: <ShippingTab transaction={tx} />,
    Confirmation: <ConfirmationTab transaction={tx} />,
    Payment: <PaymentConditionsPanel transaction={tx} />,
    Activity: <ActivityTab transactionId={tx.id} />,
  };
  const tabs: TabItem[] = visibleTabs(tx).map((label) => ({
    value: label.toLowerCase(),
    label: t(label),
    content: content[label],
  }));
  return <Tabs label={t('Transaction sections')} tabs={tabs} />;
}
