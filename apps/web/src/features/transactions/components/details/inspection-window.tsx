import { useState, type ReactNode } from 'react';
import { countdownParams, countdownTextMessage } from '@escrow/shared/domain/disputes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { useExtendInspection } from '../../api/lifecycle';
import { formatDeadline } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { useNow } from '../../../../lib/use-now';
import type { ExtendDialogProps } from './extend-dialog';
import { later, OpeningDialog, usePreloadLater } from './later-parts';

/**
 * Extend inspection (react-hook-form, zod with the disputes schema, Radix's dialog): its code comes once
 * the page has shown its data, where the buyer may extend, or at once when opened (later-parts.tsx).
 */
export const ExtendDialog = later<ExtendDialogProps>(
  () => import('./extend-dialog').then((module) => module.ExtendDialog),
  <OpeningDialog />,
);

/**
 * The inspection window (docs/disputes.md "The inspection window"): while the item is with the buyer, both
 * parties see when the escrow is released by itself; the buyer may extend it once, by 1-7 days.
 */
export function InspectionWindow({ transaction: tx }: { transaction: Transaction }) {
  const [open, setOpen] = useState(false);
  const until = tx.status === 'WAITING_FOR_BUYER_CONFIRMATION' ? tx.autoReleaseAt : null;
  // A brokered trade's broker reads the window as an onlooker (its viewerRole is only a stand-in).
  const broker = tx.viewerIsBroker === true;
  const buyer = tx.viewerRole === 'BUYER' && !broker;
  usePreloadLater([until && buyer && !tx.inspectionExtendedAt ? ExtendDialog : null]);
  if (!until) return null;
  return (
    <ReleaseCountdown
      until={until}
      testId="inspection-window"
      text={(countdown, date) =>
        broker
          ? t(
              'Funds will be released to the seller automatically {countdown} ({date}) unless the buyer confirms receipt first or raises a dispute.',
              { countdown, date },
            )
          : buyer
            ? t(
                'Funds will be released to the seller automatically {countdown} ({date}) unless you confirm receipt, raise a dispute or extend.',
                { countdown, date },
              )
            : t(
                'Funds will be released to you automatically {countdown} ({date}) unless the buyer raises a dispute.',
                { countdown, date },
              )
      }
      canExtend={buyer && !tx.inspectionExtendedAt}
      extended={tx.inspectionExtendedAt !== null}
      onExtend={() => setOpen(true)}
    >
      {open ? <TransactionExtendDialog transaction={tx} onOpenChange={setOpen} /> : null}
    </ReleaseCountdown>
  );
}

/**
 * The countdown to an automatic release ('in 2 days 3 hours (21 Nov 2026, 14:30 WAT)'), moving on the
 * open screen, with the buyer's Extend (once): a one-off trade's window and each delivered milestone's.
 */
export function ReleaseCountdown({
  until,
  text,
  canExtend,
  extended,
  onExtend,
  testId,
  children,
}: {
  until: string;
  text: (countdown: string, date: string) => string;
  canExtend: boolean;
  extended: boolean;
  onExtend: () => void;
  testId: string;
  children?: ReactNode;
}) {
  const now = useNow(60_000);
  return (
    <div
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid={testId}
    >
      <p>{text(t(countdownTextMessage, countdownParams(new Date(until), now)), formatDeadline(until))}</p>
      {canExtend ? (
        <Button variant="secondary" className="mt-2" onClick={onExtend}>
          {t('Extend inspection')}
        </Button>
      ) : null}
      {extended ? <p className="mt-1 text-xs">{t('The inspection period has been extended once.')}</p> : null}
      {children}
    </div>
  );
}

function TransactionExtendDialog({
  transaction,
  onOpenChange,
}: {
  transaction: Transaction;
  onOpenChange: (open: boolean) => void;
}) {
  const extend = useExtendInspection(transaction.id);
  return <ExtendDialog send={extend.mutateAsync} pending={extend.isPending} onOpenChange={onOpenChange} />;
}
