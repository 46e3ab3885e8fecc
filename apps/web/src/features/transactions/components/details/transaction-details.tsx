import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { nextActionFor, type ActionDialog } from '@escrow/shared/domain/transaction-labels';
import { msg } from '@escrow/shared/i18n/msg';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { usePaintedOnce } from '../../../../lib/first-screen';
import { t } from '../../../../lib/i18n';
import { useLiveConnection } from '../../../../lib/realtime/use-live-connection';
import { useLiveTransaction } from '../../hooks/use-live-transaction';
import { transactionKeys } from '../../../../lib/query-keys/transaction-keys';
import { viewerIsBroker } from '../../lib/broker';
import { NotFoundCard } from '../not-found-card';
import { BrokerNote } from './broker-note';
import { BuyerDeliveryCard } from './buyer-delivery-card';
import { DetailsHeader } from './details-header';
import { DetailsTabs } from './details-tabs';
import { later, OpeningDialog, usePreloadLater } from './later-parts';
import { MilestoneTimeline } from './milestone-timeline';
import { RatingPanel } from './rating-panel';
import { SideCards } from './side-cards';
import { canCancel, StatusFlowPanel } from './status-flow-panel';
import { SummaryCard } from './summary-card';
import { TransactionTimeline } from './transaction-timeline';

type OpenDialog = ActionDialog | 'Cancel' | null;
type DialogProps = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

// The dialogs (forms, zod with the schemas, Radix's dialog) are not what the page shows first: the one
// for the viewer's next step, and Cancel, come once it has shown its data, any of them at once when
// opened (later-parts.tsx; docs/performance.md, Web).
const DeliveryDetailsDialog = later<DialogProps>(
  () => import('../dialogs/delivery-details-dialog').then((module) => module.DeliveryDetailsDialog),
  <OpeningDialog />,
);
const PaymentDialog = later<DialogProps>(
  () => import('../dialogs/payment-dialog').then((module) => module.PaymentDialog),
  <OpeningDialog />,
);
const ShipmentDialog = later<DialogProps>(
  () => import('../dialogs/shipment-dialog').then((module) => module.ShipmentDialog),
  <OpeningDialog />,
);
const ReceiptDialog = later<DialogProps>(
  () => import('../dialogs/receipt-dialog').then((module) => module.ReceiptDialog),
  <OpeningDialog />,
);
const CancelDialog = later<DialogProps>(
  () => import('../dialogs/cancel-dialog').then((module) => module.CancelDialog),
  <OpeningDialog />,
);
/** The dialog of each next step; the release code is entered in place (status-flow-panel.tsx). */
const STEP_DIALOGS: Partial<Record<ActionDialog, { prefetch: () => void }>> = {
  'Provide Delivery Details': DeliveryDetailsDialog,
  'Confirm Payment': PaymentDialog,
  'Confirm Shipment': ShipmentDialog,
  'Confirm Receipt of Goods': ReceiptDialog,
};

/** The dialogs the viewer can open from the status panel now, fetched once the first screen shows. */
function usePreloadStepDialogs(tx: Transaction | undefined) {
  // A brokered trade's broker has no step to take (viewerIsBroker; its viewerRole is only a stand-in).
  const next = tx && !viewerIsBroker(tx) ? nextActionFor(tx, tx.viewerRole) : null;
  usePreloadLater([
    next?.kind === 'action' ? (STEP_DIALOGS[next.dialog] ?? null) : null,
    tx && canCancel(tx) ? CancelDialog : null,
  ]);
}

export const DETAILS_NOT_FOUND = msg("The transaction you're looking for could not be found.");

/** /app/transactions/{id}: everything about one transaction, kept live through its room. */
export function TransactionDetails({ id }: { id: string }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useLiveTransaction(id);
  const connection = useLiveConnection();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  usePreloadStepDialogs(query.data);
  // The timelines, the summary and the side cards are below a phone's first screen: rendered once the
  // part above has painted, so the transaction's arrival is not one long render and commit.
  const painted = usePaintedOnce(query.data !== undefined);

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <NotFoundCard message={t(DETAILS_NOT_FOUND)}>
          <Link to="/app/transactions" className="text-sm font-medium text-brand-700 hover:underline">
            {t('Back to My Transactions')}
          </Link>
        </NotFoundCard>
      );
    return (
      <NotFoundCard title={t('Something went wrong')} message={query.error.message}>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('Retry')}
        </Button>
      </NotFoundCard>
    );
  }

  const tx = query.data;
  const stateCode = (location.state as { invitationCode?: unknown } | null)?.invitationCode;
  const invitationCode = tx.invitation?.code ?? (typeof stateCode === 'string' ? stateCode : null);
  const close = (open: boolean) => !open && setDialog(null);
  // The broker of a brokered trade reads it only: no step, no dialog (docs/partner-api.md "Role BROKER").
  const broker = viewerIsBroker(tx);

  return (
    <div className="space-y-4">
      <DetailsHeader
        transaction={tx}
        invitationCode={invitationCode}
        connection={connection}
        lastUpdated={query.dataUpdatedAt}
        refreshing={query.isFetching}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: transactionKeys.all })}
      />
      {broker ? <BrokerNote transaction={tx} /> : null}
      {tx.status === 'DISPUTED' ? (
        <div role="status" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{t('This transaction is in dispute.')}</p>
          <p className="mt-1">{t('The payment stays in escrow until the dispute is settled.')}</p>
          {tx.disputeId && !broker ? (
            <Link
              to={`/app/disputes/${tx.disputeId}`}
              className="mt-2 inline-block font-semibold text-red-900 underline"
            >
              {t('Open the dispute')}
            </Link>
          ) : null}
        </div>
      ) : null}
      <RatingPanel transaction={tx} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DetailsTabs
            transaction={tx}
            overview={
              <div className="space-y-4">
                <StatusFlowPanel transaction={tx} onAction={setDialog} onCancel={() => setDialog('Cancel')} />
                <BuyerDeliveryCard transaction={tx} onEdit={() => setDialog('Provide Delivery Details')} />
                {painted ? (
                  <>
                    <MilestoneTimeline transaction={tx} />
                    <TransactionTimeline transaction={tx} />
                    <SummaryCard transaction={tx} />
                  </>
                ) : null}
              </div>
            }
          />
        </div>
        {painted ? <SideCards transaction={tx} /> : null}
      </div>
      {/* Mounted only while open, so each opening starts from a fresh form; never for the broker. */}
      {broker ? null : (
        <>
          {dialog === 'Provide Delivery Details' ? (
            <DeliveryDetailsDialog transaction={tx} open onOpenChange={close} />
          ) : null}
          {dialog === 'Confirm Payment' ? <PaymentDialog transaction={tx} open onOpenChange={close} /> : null}
          {dialog === 'Confirm Shipment' ? (
            <ShipmentDialog transaction={tx} open onOpenChange={close} />
          ) : null}
          {dialog === 'Confirm Receipt of Goods' ? (
            <ReceiptDialog transaction={tx} open onOpenChange={close} />
          ) : null}
          {dialog === 'Cancel' ? <CancelDialog transaction={tx} open onOpenChange={close} /> : null}
        </>
      )}
    </div>
  );
}
