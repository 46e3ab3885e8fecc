import type { ReactNode } from 'react';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Tabs, type TabItem } from '../../../../components/ui/tabs';
import { ActivityTab } from './activity-tab';
import { PaymentConditionsPanel } from './payment-conditions-panel';
import { ConfirmationTab, ShippingTab } from './shipping-tabs';

/**
 * Spec 01 §2: Shipping only for the seller (courier used or details given), Confirmation only for the
 * buyer, and not for a 'Meet and inspect' trade, which has no shipment to confirm, nor for a milestone
 * trade, whose deliveries are shown on each milestone.
 */
export function visibleTabs(tx: Transaction): string[] {
  const tabs = ['Overview'];
  if (tx.viewerRole === 'SELLER' && (tx.useCourier || tx.deliveryDetails !== null)) tabs.push('Shipping');
  if (tx.viewerRole === 'BUYER' && tx.shippingType !== 'IN_PERSON' && !tx.milestones.length)
    tabs.push('Confirmation');
  tabs.push('Payment', 'Activity');
  return tabs;
}

export function DetailsTabs({
  transaction: tx,
  overview,
}: {
  transaction: Transaction;
  overview: ReactNode;
}) {
  const content: Record<string, ReactNode> = {
    Overview: overview,
    Shipping: <ShippingTab transaction={tx} />,
    Confirmation: <ConfirmationTab transaction={tx} />,
    Payment: <PaymentConditionsPanel transaction={tx} />,
    Activity: <ActivityTab transactionId={tx.id} />,
  };
  const tabs: TabItem[] = visibleTabs(tx).map((label) => ({
    value: label.toLowerCase(),
    label,
    content: content[label],
  }));
  return <Tabs label="Transaction sections" tabs={tabs} />;
}
