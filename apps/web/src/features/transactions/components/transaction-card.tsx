import { Link } from 'react-router';
import { autoReleaseLabel } from '@escrow/shared/domain/disputes';
import { listLabel } from '@escrow/shared/domain/transaction-labels';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import { Card } from '../../../components/ui/card';
import { formatDate, formatWholeAmount } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { RoleBadge, StatusBadge } from './status-badge';

/** One card of My Transactions: role badge, status, next-step label, amount (floor, separators), View. */
export function TransactionCard({ transaction: tx }: { transaction: TransactionListItem }) {
  // A brokered trade's broker watches it: shown as Broker, between its seller and buyer (who have joined).
  const broker = tx.viewerIsBroker === true;
  // The viewer is the creator exactly when their role is the creator's role.
  const counterparty = broker
    ? null
    : tx.viewerRole === tx.creatorRole
      ? tx.counterpartyName
      : tx.creatorName;
  const parties = broker ? [tx.creatorName, tx.counterpartyName].filter((name) => !!name).join(' and ') : '';
  // The list labels of ACTIVE and PENDING speak to a party ('Proceed to Payment'); the broker only watches.
  const label = !broker
    ? listLabel(tx)
    : tx.status === 'PENDING'
      ? 'Waiting for the buyer and the seller to join'
      : tx.status === 'ACTIVE'
        ? tx.useCourier
          ? 'Waiting for buyer to provide delivery details'
          : 'Waiting for buyer to make payment'
        : listLabel(tx);
  const now = useNow();
  const releasing =
    tx.status === 'WAITING_FOR_BUYER_CONFIRMATION' && tx.autoReleaseAt
      ? autoReleaseLabel(new Date(tx.autoReleaseAt), now)
      : null;
  return (
    <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <RoleBadge role={broker ? 'BROKER' : tx.viewerRole} />
          <StatusBadge status={tx.status} />
          <span className="text-xs text-slate-500">#{tx.id.slice(-8)}</span>
        </div>
        <p className="truncate font-medium text-slate-900">{tx.description}</p>
        <p className="text-sm text-slate-600">
          {label}
          {releasing ? <span className="font-medium text-amber-800"> · {releasing}</span> : null}
          {counterparty ? ` · with ${counterparty}` : ''}
          {parties ? ` · between ${parties}` : ''} · {formatDate(tx.createdAt)}
        </p>
      </div>
      <div className="flex items-center gap-4 sm:flex-col sm:items-end sm:gap-2">
        <span className="text-lg font-semibold text-slate-900">
          {formatWholeAmount(tx.price, tx.currency)}
        </span>
        <Link
          to={`/app/transactions/${tx.id}`}
          aria-label={`View ${tx.description}`}
          className="inline-flex h-8 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
        >
          View
        </Link>
      </div>
    </Card>
  );
}
