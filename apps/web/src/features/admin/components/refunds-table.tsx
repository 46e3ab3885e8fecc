import { Link } from 'react-router';
import type { ProviderRefund } from '@escrow/shared/schemas/refunds';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { buyerOf, type RefundAction } from '../api/refunds';
import { AttemptsCell, StatusCell, StatusTable, type StatusLook } from './status-list';

const STATUS_LOOK: Record<string, StatusLook> = {
  FAILED: { label: 'Failed', tone: 'red' },
  PENDING: { label: 'Pending', tone: 'amber' },
  SUCCEEDED: { label: 'Paid', tone: 'slate' },
  CREDITED_TO_WALLET: { label: 'Credited to wallet', tone: 'violet' },
};

/** The latest thing that happened to a refund, or what happens next while it is pending. */
function lastChange(refund: ProviderRefund): string | null {
  if (refund.failedAt && refund.status === 'FAILED') return `Failed ${formatDateTime(refund.failedAt)}`;
  if (refund.succeededAt) return `Paid ${formatDateTime(refund.succeededAt)}`;
  if (refund.nextAttemptAt && refund.status === 'PENDING')
    return `Next attempt ${formatDateTime(refund.nextAttemptAt)}`;
  return null;
}

const HEADINGS = ['Created', 'Transaction', 'Buyer', 'Amount', 'Provider', 'Status', 'Attempts', 'Actions'];

export function RefundsTable({
  refunds,
  labelledBy,
  onAction,
}: {
  refunds: ProviderRefund[];
  labelledBy: string;
  onAction: (action: RefundAction, refund: ProviderRefund) => void;
}) {
  return (
    <StatusTable headings={HEADINGS} minWidth="min-w-[960px]" labelledBy={labelledBy}>
      {refunds.map((refund) => {
        const look = STATUS_LOOK[refund.status] ?? { label: refund.status, tone: 'slate' };
        const change = lastChange(refund);
        return (
          <tr key={refund.id} data-testid="refund-row" className="align-top">
            <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatDateTime(refund.createdAt)}</td>
            <td className="break-all px-3 py-2 font-mono text-xs text-slate-700">{refund.transactionId}</td>
            <td className="px-3 py-2">
              <Link
                to={`/app/admin/users/${encodeURIComponent(refund.buyerId)}`}
                className="break-words text-brand-800 hover:underline"
              >
                {buyerOf(refund)}
              </Link>
              {refund.buyerName && refund.buyerEmail ? (
                <span className="block break-all text-xs text-slate-500">{refund.buyerEmail}</span>
              ) : null}
            </td>
            <td className="whitespace-nowrap px-3 py-2 font-medium text-slate-900">
              {formatMoney(refund.amount, refund.currency)}
            </td>
            <td className="px-3 py-2">
              <span className="text-slate-900">
                {refund.provider} · {refund.method}
              </span>
              <span className="block break-all font-mono text-xs text-slate-500">
                Ref {refund.providerRefundReference ?? '—'}
              </span>
              <span className="block break-all font-mono text-xs text-slate-500">
                Payment {refund.paymentReference}
              </span>
            </td>
            <StatusCell look={look} change={change} />
            <AttemptsCell attempts={refund.attempts} lastError={refund.lastError} />
            <td className="px-3 py-2">
              {refund.status === 'FAILED' ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onAction('retry', refund)}
                    aria-label={`Retry: refund to ${buyerOf(refund)}`}
                  >
                    Retry
                  </Button>
                  <Button
                    size="sm"
                    onClick={() => onAction('credit-wallet', refund)}
                    aria-label={`Credit to wallet: refund to ${buyerOf(refund)}`}
                  >
                    Credit to wallet
                  </Button>
                </div>
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </td>
          </tr>
        );
      })}
    </StatusTable>
  );
}
