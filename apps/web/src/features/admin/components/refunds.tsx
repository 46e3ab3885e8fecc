import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProviderRefund } from '@escrow/shared/schemas/refunds';
import { Label } from '../../../components/ui/input';
import { EmptyPanel, ErrorPanel, LoadingPanel, PageNav, Select } from '../../../components/ui/panels';
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

const FILTER_LABELS: Record<string, string> = {
  FAILED: 'Failed (need an operator)',
  PENDING: 'Pending',
  SUCCEEDED: 'Paid',
  CREDITED_TO_WALLET: 'Credited to wallet',
  ALL: 'All statuses',
};

const EMPTY_TEXT: Record<string, string> = {
  FAILED: 'No failed refunds: nothing is waiting for an operator.',
  ALL: 'No card or bank refunds yet.',
};

/** The filter and page live in the URL (?status=&page=), so a view can be shared with a colleague. */
export function refundFiltersFrom(params: URLSearchParams): { filter: RefundFilter; page: number } {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    filter: (REFUND_FILTERS as readonly string[]).includes(status ?? '')
      ? (status as RefundFilter)
      : DEFAULT_REFUND_FILTER,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

type Confirming = { action: RefundAction; refund: ProviderRefund; idempotencyKey: string };

/**
 * Card and bank refunds paid back through the provider (docs/money.md "Refunds"), newest first. Opens on
 * FAILED: the ones whose attempts ran out, whose money waits in refund clearing for an operator to retry
 * or to credit to the buyer's wallet instead.
 */
export function Refunds() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const { filter, page } = refundFiltersFrom(params);
  const query = useQuery(refundListQuery(filter, page));
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  function show(next: { filter: RefundFilter; page: number }) {
    const updated = new URLSearchParams();
    if (next.filter !== DEFAULT_REFUND_FILTER) updated.set('status', next.filter);
    if (next.page > 1) updated.set('page', String(next.page));
    setParams(updated);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Refunds
        </h2>
        <p className="text-sm text-slate-600">
          Dispute refunds paid back to the buyer’s card or bank account through the payment provider.
        </p>
      </div>
      <div className="max-w-xs">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={filter}
          onChange={(event) => show({ filter: event.target.value as RefundFilter, page: 1 })}
        >
          {REFUND_FILTERS.map((option) => (
            <option key={option} value={option}>
              {FILTER_LABELS[option] ?? option}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <LoadingPanel label="Loading refunds..." />
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.refunds.length === 0 ? (
        <EmptyPanel>{EMPTY_TEXT[filter] ?? 'No refunds with this status.'}</EmptyPanel>
      ) : (
        <RefundsTable
          refunds={query.data.refunds}
          labelledBy={`${id}-title`}
          onAction={(action, refund) =>
            setConfirming({ action, refund, idempotencyKey: newIdempotencyKey() })
          }
        />
      )}
      {query.data ? (
        <PageNav
          label="Refund pages"
          page={page}
          hasMore={query.data.hasMore}
          busy={query.isPlaceholderData}
          onPageChange={(next) => show({ filter, page: next })}
        />
      ) : null}
      {confirming ? (
        <RefundActionDialog
          key={confirming.idempotencyKey}
          {...confirming}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
