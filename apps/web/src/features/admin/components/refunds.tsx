import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProviderRefund } from '@escrow/shared/schemas/refunds';
import { newIdempotencyKey } from '../../../lib/money-mutation';
import {
  DEFAULT_REFUND_FILTER,
  REFUND_FILTERS,
  refundListQuery,
  type RefundAction,
  type RefundFilter,
} from '../api/refunds';
import { RefundActionDialog } from './refund-action-dialog';
import { RefundsTable } from './refunds-table';
import { StatusList, useStatusFilter } from './status-list';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const FILTER_LABELS: Partial<Record<RefundFilter, string>> = {
  FAILED: msg('Failed (need an operator)'),
  PENDING: msg('Pending'),
  SUCCEEDED: msg('Paid'),
  CREDITED_TO_WALLET: msg('Credited to wallet'),
  ALL: msg('All statuses'),
};

const EMPTY_TEXT: Record<string, string> = {
  FAILED: msg('No failed refunds: nothing is waiting for an operator.'),
  ALL: msg('No card or bank refunds yet.'),
};

type Confirming = { action: RefundAction; refund: ProviderRefund; idempotencyKey: string };

/**
 * Card and bank refunds paid back through the provider (docs/money.md "Refunds"), newest first. Opens on
 * FAILED: the ones whose attempts ran out, whose money waits in refund clearing for an operator to retry
 * or to credit to the buyer's wallet instead.
 */
export function Refunds() {
  const state = useStatusFilter(REFUND_FILTERS, DEFAULT_REFUND_FILTER);
  const query = useQuery(refundListQuery(state.filter, state.page));
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  return (
    <>
      <StatusList
        title={t('Refunds')}
        intro={t(
          'Dispute refunds paid back to the buyer’s card or bank account through the payment provider.',
        )}
        filters={REFUND_FILTERS}
        filterLabels={FILTER_LABELS}
        state={state}
        query={query}
        count={(data) => data.refunds.length}
        loading={t('Loading refunds...')}
        empty={t(EMPTY_TEXT[state.filter] ?? msg('No refunds with this status.'))}
        pagesLabel={t('Refund pages')}
      >
        {(data, labelledBy) => (
          <RefundsTable
            refunds={data.refunds}
            labelledBy={labelledBy}
            onAction={(action, refund) =>
              setConfirming({ action, refund, idempotencyKey: newIdempotencyKey() })
            }
          />
        )}
      </StatusList>
      {confirming ? (
        <RefundActionDialog
          key={confirming.idempotencyKey}
          {...confirming}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
