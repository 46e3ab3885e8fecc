import { Link } from 'react-router';
import { nextActionFor, type ActionDialog } from '@escrow/shared/domain/transaction-labels';
import { decide } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { cancellationReasonMessage } from '@escrow/shared/texts/transactions';
import { Button } from '../../../../components/ui/button';
import { Card, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { t } from '../../../../lib/i18n';
import { useHandoverCode } from '../../api/handover';
import { brokeredJoinLabel, brokerStatusText, isBrokered, viewerIsBroker } from '../../lib/broker';
import { transitionFacts } from '../../lib/trade-terms';
import { StatusBadge } from '../status-badge';
import { InspectionWindow } from './inspection-window';
import { later } from './later-parts';

/** The card's place while its code is on its way (a component: the label is read when it renders). */
function LoadingReleaseCode() {
  return <Spinner label={t('Loading your release code...')} />;
}

// An in-person handover's release code and its entry use the shared handover texts, whose module brings
// zod: only a trade waiting for its handover loads them (later-parts.tsx).
const HandoverCodeCard = later<{ transactionId: string }>(
  () => import('./handover-code-card').then((module) => module.HandoverCodeCard),
  <LoadingReleaseCode />,
);
const HandoverCodeEntry = later<{ transactionId: string }>(
  () => import('./handover-code-entry').then((module) => module.HandoverCodeEntry),
  <Spinner />,
);

/** The buyer's release code, asked for while the card's code is on its way, not once it is here. */
function ReleaseCode({ transactionId }: { transactionId: string }) {
  useHandoverCode(transactionId);
  return <HandoverCodeCard transactionId={transactionId} />;
}

type Props = {
  transaction: Transaction;
  onAction: (dialog: ActionDialog) => void;
  onCancel: () => void;
};

/**
 * Whether the viewer may cancel now, by the same table the server enforces. Never a brokered trade's
 * broker: its `viewerRole` is only a stand-in, and it cancels through the partner API (the app's cancel
 * route is 404 for it).
 */
export function canCancel(tx: Transaction): boolean {
  if (viewerIsBroker(tx)) return false;
  return decide(tx.status, 'CANCEL', tx.viewerRole, transitionFacts(tx)).ok;
}

/** The status-flow panel: the viewer's next action (transaction-labels.ts) or what they wait for. */
export function StatusFlowPanel(props: Props) {
  // The broker only watches: whose turn it is, the inspection window, and no step of its own.
  if (viewerIsBroker(props.transaction)) return <BrokerStatusPanel transaction={props.transaction} />;
  return <PartyStatusPanel {...props} />;
}

function BrokerStatusPanel({ transaction: tx }: { transaction: Transaction }) {
  return (
    <Card className="space-y-3" data-testid="status-flow">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('Transaction Status')}</CardTitle>
        <StatusBadge status={tx.status} />
      </div>
      <p className="text-sm text-slate-700">{t(brokerStatusText(tx))}</p>
      <InspectionWindow transaction={tx} />
      {tx.status === 'CANCELLED' && tx.cancellationReason ? (
        <p className="text-sm text-slate-600">
          {t('Reason: {reason}', { reason: cancellationReasonMessage(tx.cancellationReason) })}
        </p>
      ) : null}
    </Card>
  );
}

function PartyStatusPanel({ transaction: tx, onAction, onCancel }: Props) {
  const found = nextActionFor(tx, tx.viewerRole);
  // A brokered trade waits for whichever of its two invitees has not joined yet.
  const next = tx.status === 'PENDING' && isBrokered(tx) ? { ...found, label: brokeredJoinLabel(tx) } : found;
  return (
    <Card className="space-y-3" data-testid="status-flow">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('Transaction Status')}</CardTitle>
        <StatusBadge status={tx.status} />
      </div>
      {next.kind === 'action' && next.dialog === 'Enter Release Code' ? (
        // In-person handover: the seller's action is the code entry itself, in place of a button.
        <HandoverCodeEntry transactionId={tx.id} />
      ) : next.kind === 'action' ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-600">{t('It is your turn:')}</p>
          <Button size="lg" onClick={() => onAction(next.dialog)}>
            {t(next.label)}
          </Button>
          {next.dialog === 'Provide Delivery Details' ? (
            <p className="text-sm">
              <Link to={`/app/shipping-details/${tx.id}`} className="text-brand-700 hover:underline">
                {t('Prefer a step-by-step form?')}
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <p
          className={
            next.kind === 'waiting' ? 'text-sm text-slate-700' : 'text-sm font-medium text-slate-900'
          }
        >
          {t(next.label)}
          {/* A milestone trade's steps are on its milestones, named in the label: nothing to wait for here. */}
          {next.kind === 'waiting' && tx.status !== 'IN_PROGRESS' ? '...' : ''}
        </p>
      )}
      {tx.status === 'WAITING_FOR_HANDOVER' && tx.viewerRole === 'BUYER' ? (
        <ReleaseCode transactionId={tx.id} />
      ) : null}
      <InspectionWindow transaction={tx} />
      {tx.status === 'CANCELLED' && tx.cancellationReason ? (
        <p className="text-sm text-slate-600">
          {t('Reason: {reason}', { reason: cancellationReasonMessage(tx.cancellationReason) })}
        </p>
      ) : null}
      {canCancel(tx) ? (
        <div className="border-t border-slate-100 pt-3">
          <Button variant="ghost" size="sm" className="text-red-700" onClick={onCancel}>
            {t('Cancel transaction')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
