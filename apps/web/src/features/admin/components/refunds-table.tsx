import { Link } from 'react-router';
import type { ProviderRefund } from '@escrow/shared/schemas/refunds';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { buyerOf, type RefundAction } from '../api/refunds';
import { AttemptsCell, StatusCell, StatusTable, type StatusLook } from './status-list';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const STATUS_LOOK: Record<string, StatusLook> = {
  FAILED: { label: msg('Failed'), tone: 'red' },
  PENDING: { label: msg('Pending'), tone: 'amber' },
  SUCCEEDED: { label: msg('Paid'), tone: 'slate' },
  CREDITED_TO_WALLET: { label: msg('Credited to wallet'), tone: 'violet' },
};

/** The latest thing that happened to a refund, or what happens next while it is pending (called while rendering). */
function lastChange(refund: ProviderRefund): string | null {
  if (refund.failedAt && refund.status === 'FAILED')
    return t('Failed {date}', { date: formatDateTime(refund.failedAt) });
  if (refund.succeededAt) return t('Paid {date}', { date: formatDateTime(refund.succeededAt) });
  if (refund.nextAttemptAt && refund.status === 'PENDING')
    return t('Next attempt {date}', { date: formatDateTime(refund.nextAttemptAt) });
  return null;
}

const HEADINGS = [
  msg('Created'),
  msg('Transaction'),
  msg('Buyer'),
  msg('Amount'),
  msg('Provider'),
  msg('Status'),
  msg('Attempts'),
  msg('Actions'),
];

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
                {t('Ref {reference}', { reference: refund.providerRefundReference ?? '—' })}
              </span>
              <span className="block break-all font-mono text-xs text-slate-500">
                {t('Payment {reference}', { reference: refund.paymentReference })}
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
                    aria-label={t('Retry: refund to {buyer}', { buyer: buyerOf(refund) })}
                  >
                    {t('Retry')}
                  </Button>
                  <Button
                    size="sm"
                    onClick={() => onAction('credit-wallet', refund)}
                    aria-label={t('Credit to wallet: refund to {buyer}', { buyer: buyerOf(refund) })}
                  >
                    {t('Credit to wallet')}
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
