import { useState } from 'react';
import { MILESTONE_STATUS_LABELS, type MilestoneStatus } from '@escrow/shared/domain/milestones';
import type { MilestoneView } from '@escrow/shared/schemas/milestone-shapes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { DownloadButton } from '../../../../components/download-button';
import { Button } from '../../../../components/ui/button';
import { Card, CardTitle } from '../../../../components/ui/card';
import { cn } from '../../../../lib/cn';
import { formatDisplayDate } from '../../../../lib/dates';
import { formatDateTime, formatMoney } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { useExtendMilestoneInspection } from '../../api/milestones';
import { Detail } from '../form-controls';
import { ExtendDialog, ReleaseCountdown } from './inspection-window';
import { later, OpeningDialog, usePreloadLater } from './later-parts';

const BADGE: Record<MilestoneStatus, string> = {
  PENDING: 'bg-sky-100 text-sky-900',
  DELIVERED: 'bg-amber-100 text-amber-900',
  RELEASED: 'bg-emerald-100 text-emerald-900',
  REFUNDED: 'bg-slate-200 text-slate-700',
};

type StepDialogProps = {
  transaction: Transaction;
  milestone: MilestoneView;
  onOpenChange: (open: boolean) => void;
};

// The milestones' dialogs come once the page has shown its data, those the viewer can open now, or at
// once when opened (later-parts.tsx).
const DeliverMilestoneDialog = later<StepDialogProps>(
  () => import('../dialogs/deliver-milestone-dialog').then((module) => module.DeliverMilestoneDialog),
  <OpeningDialog />,
);
const AcceptMilestoneDialog = later<StepDialogProps>(
  () => import('../dialogs/accept-milestone-dialog').then((module) => module.AcceptMilestoneDialog),
  <OpeningDialog />,
);

type Opened = { kind: 'deliver' | 'accept' | 'extend'; milestone: MilestoneView } | null;

/**
 * A milestone trade's milestones in order (docs/money.md "Milestones"): each one's status, amount and what
 * the seller receives for it, dates, the countdown to its automatic acceptance once delivered, what was
 * delivered, and the viewer's step on it: the seller marks it delivered, the buyer accepts it (or
 * extends its inspection once). Steps are taken only while the trade is in progress (a dispute freezes
 * what is unreleased).
 */
export function MilestoneTimeline({ transaction: tx }: { transaction: Transaction }) {
  const [opened, setOpened] = useState<Opened>(null);
  // Steps only for the parties: a brokered trade's broker only watches (and brokered trades have no milestones).
  const live = tx.status === 'IN_PROGRESS' && tx.viewerIsBroker !== true;
  const buyer = tx.viewerRole === 'BUYER';
  const delivered = tx.milestones.filter((m) => m.status === 'DELIVERED');
  usePreloadLater([
    live && !buyer && tx.milestones.some((m) => m.status === 'PENDING') ? DeliverMilestoneDialog : null,
    live && buyer && delivered.length > 0 ? AcceptMilestoneDialog : null,
    live && buyer && delivered.some((m) => m.autoReleaseAt && !m.inspectionExtendedAt) ? ExtendDialog : null,
  ]);
  if (!tx.milestones.length) return null;
  const ended = tx.milestones.filter((m) => m.status === 'RELEASED' || m.status === 'REFUNDED').length;
  const close = (open: boolean) => !open && setOpened(null);
  return (
    <Card data-testid="milestone-timeline">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('Milestones')}</CardTitle>
        <span className="text-sm text-slate-600">
          {t('{ended} of {total} done', { ended, total: tx.milestones.length })}
        </span>
      </div>
      <ol className="mt-4 space-y-4" aria-label={t('Milestones')}>
        {tx.milestones.map((milestone, index) => (
          <MilestoneItem
            key={milestone.id}
            transaction={tx}
            milestone={milestone}
            number={index + 1}
            onStep={(kind) => setOpened({ kind, milestone })}
          />
        ))}
      </ol>
      {/* Mounted only while open, so each opening starts from a fresh form. */}
      {opened?.kind === 'deliver' ? (
        <DeliverMilestoneDialog transaction={tx} milestone={opened.milestone} onOpenChange={close} />
      ) : null}
      {opened?.kind === 'accept' ? (
        <AcceptMilestoneDialog transaction={tx} milestone={opened.milestone} onOpenChange={close} />
      ) : null}
      {opened?.kind === 'extend' ? (
        <ExtendMilestoneDialog transaction={tx} milestone={opened.milestone} onOpenChange={close} />
      ) : null}
    </Card>
  );
}

function MilestoneItem({
  transaction: tx,
  milestone: m,
  number,
  onStep,
}: {
  transaction: Transaction;
  milestone: MilestoneView;
  number: number;
  onStep: (kind: 'deliver' | 'accept' | 'extend') => void;
}) {
  const buyer = tx.viewerRole === 'BUYER';
  const live = tx.status === 'IN_PROGRESS' && tx.viewerIsBroker !== true;
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid={`milestone-${number}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {number}. {m.title}
        </h3>
        <span
          data-status={m.status}
          className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE[m.status])}
        >
          {t(MILESTONE_STATUS_LABELS[m.status])}
        </span>
      </div>
      {m.description ? (
        <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{m.description}</p>
      ) : null}
      <dl className="mt-2 divide-y divide-slate-100">
        <Detail label={t('Amount')}>{formatMoney(m.amount, tx.currency)}</Detail>
        <Detail label={buyer ? t('Seller receives') : t('You receive')}>
          <span data-testid="milestone-seller-receives">{formatMoney(m.sellerReceives, tx.currency)}</span>
        </Detail>
        {m.dueDate ? <Detail label={t('Due')}>{formatDisplayDate(m.dueDate)}</Detail> : null}
        {m.deliveredAt ? <Detail label={t('Delivered')}>{formatDateTime(m.deliveredAt)}</Detail> : null}
        {m.releasedAt ? <Detail label={t('Released')}>{formatDateTime(m.releasedAt)}</Detail> : null}
        {m.trackingNumber ? (
          <Detail label={t('Tracking number')}>
            <span className="font-mono">{m.trackingNumber}</span>
          </Detail>
        ) : null}
      </dl>
      <Delivery milestone={m} />
      {m.status === 'DELIVERED' && m.autoReleaseAt && live ? (
        <div className="mt-3">
          <ReleaseCountdown
            until={m.autoReleaseAt}
            testId="milestone-countdown"
            text={(countdown, date) =>
              buyer
                ? t(
                    'Accepted automatically, and {amount} released to the seller, {countdown} ({date}) unless you accept it first, raise a dispute or extend.',
                    { amount: formatMoney(m.sellerReceives, tx.currency), countdown, date },
                  )
                : t(
                    'Accepted automatically, and {amount} released to you, {countdown} ({date}) unless the buyer raises a dispute.',
                    { amount: formatMoney(m.sellerReceives, tx.currency), countdown, date },
                  )
            }
            canExtend={buyer && !m.inspectionExtendedAt}
            extended={m.inspectionExtendedAt !== null}
            onExtend={() => onStep('extend')}
          />
        </div>
      ) : null}
      {live && !buyer && m.status === 'PENDING' ? (
        <Button className="mt-3" onClick={() => onStep('deliver')}>
          {t('Mark delivered')}
        </Button>
      ) : null}
      {live && buyer && m.status === 'DELIVERED' ? (
        <Button className="mt-3" onClick={() => onStep('accept')}>
          {t('Accept and release')}
        </Button>
      ) : null}
    </li>
  );
}

/** What the seller said and sent with the delivery; files download with the party's token. */
function Delivery({ milestone: m }: { milestone: MilestoneView }) {
  if (!m.deliveryNote && !m.deliveryFiles.length) return null;
  return (
    <div className="mt-2 space-y-2 text-sm">
      {m.deliveryNote ? (
        <div>
          <p className="text-slate-600">{t('Delivery note')}</p>
          <p className="whitespace-pre-line text-slate-900">{m.deliveryNote}</p>
        </div>
      ) : null}
      {m.deliveryFiles.length ? (
        <ul
          className="flex flex-wrap gap-2"
          aria-label={t('Files delivered for {title}', { title: m.title })}
        >
          {m.deliveryFiles.map((uploadId, index) => (
            <li key={uploadId}>
              <DownloadButton
                path={`/uploads/${encodeURIComponent(uploadId)}`}
                fallbackName={`file-${index + 1}`}
              >
                {t('Download file {number}', { number: index + 1 })}
              </DownloadButton>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ExtendMilestoneDialog({
  transaction,
  milestone,
  onOpenChange,
}: {
  transaction: Transaction;
  milestone: MilestoneView;
  onOpenChange: (open: boolean) => void;
}) {
  const extend = useExtendMilestoneInspection(transaction.id);
  return (
    <ExtendDialog
      send={(days) => extend.mutateAsync({ milestoneId: milestone.id, days })}
      pending={extend.isPending}
      onOpenChange={onOpenChange}
      description={t('You can extend the inspection period of “{title}” once. The seller is told.', {
        title: milestone.title,
      })}
    />
  );
}
