import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { cn } from '../../../../lib/cn';
import { ActivityTab } from './activity-tab';
import { PaymentConditionsPanel } from './payment-conditions-panel';
import { ConfirmationTab, ShippingTab } from './shipping-tabs';

type Tab = { value: string; label: string; content: ReactNode };

/** Spec 01 §2: Shipping only for the seller (courier used or details given), Confirmation only for the buyer. */
export function visibleTabs(tx: Transaction): string[] {
  const tabs = ['Overview'];
  if (tx.viewerRole === 'SELLER' && (tx.useCourier || tx.deliveryDetails !== null)) tabs.push('Shipping');
  if (tx.viewerRole === 'BUYER') tabs.push('Confirmation');
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
  const tabs: Tab[] = visibleTabs(tx).map((label) => ({
    value: label.toLowerCase(),
    label,
    content: content[label],
  }));
  return (
    <Tabs.Root defaultValue="overview" className="space-y-4">
      <Tabs.List
        aria-label="Transaction sections"
        className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1"
      >
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              'flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900',
              'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
              'focus-visible:outline-2 focus-visible:outline-brand-600',
            )}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
