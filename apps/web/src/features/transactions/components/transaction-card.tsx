import { Link } from 'react-router';
import { listLabel } from '@escrow/shared/domain/transaction-labels';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import { Card } from '../../../components/ui/card';
import { formatDate, formatWholeAmount } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useNow } from '../../../lib/use-now';
import { RoleBadge, StatusBadge } from './status-badge';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The countdown beside the next-step label while the buyer inspects ('Releases automatically in 2 days 3
 * hours', 'Releasing automatically now'): the shared autoReleaseLabel's wording and units, as one message
 * per shape so each language words it whole.
 */
function autoReleaseText(autoReleaseAt: Date, now: Date): string {
  const ms = autoReleaseAt.getTime() - now.getTime();
  if (ms <= 0) return t('Releasing automatically now');
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.max(1, Math.floor((ms % HOUR_MS) / 60_000));
  if (days > 0 && hours > 0)
    return t(
      'Releases automatically in {days, plural, one {# day} other {# days}} {hours, plural, one {# hour} other {# hours}}',
      { days, hours },
    );
  if (days > 0) return t('Releases automatically in {days, plural, one {# day} other {# days}}', { days });
  if (hours > 0)
    return t('Releases automatically in {hours, plural, one {# hour} other {# hours}}', { hours });
  return t('Releases automatically in {minutes, plural, one {# minute} other {# minutes}}', { minutes });
}

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
  const names = broker ? [tx.creatorName, tx.counterpartyName].filter((name) => !!name) : [];
  const parties =
    names.length === 2
      ? t('between {first} and {second}', { first: names[0]!, second: names[1]! })
      : names.length === 1
        ? t('between {name}', { name: names[0]! })
        : '';
  // The list labels of ACTIVE and PENDING speak to a party ('Proceed to Payment'); the broker only watches.
  const label = !broker
    ? t(listLabel(tx))
    : tx.status === 'PENDING'
      ? t('Waiting for the buyer and the seller to join')
      : tx.status === 'ACTIVE'
        ? tx.useCourier
          ? t('Waiting for buyer to provide delivery details')
          : t('Waiting for buyer to make payment')
        : t(listLabel(tx));
  const now = useNow();
  const releasing =
    tx.status === 'WAITING_FOR_BUYER_CONFIRMATION' && tx.autoReleaseAt
      ? autoReleaseText(new Date(tx.autoReleaseAt), now)
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
          {counterparty ? ` · ${t('with {name}', { name: counterparty })}` : ''}
          {parties ? ` · ${parties}` : ''} · {formatDate(tx.createdAt)}
        </p>
      </div>
      <div className="flex items-center gap-4 sm:flex-col sm:items-end sm:gap-2">
        <span className="text-lg font-semibold text-slate-900">
          {formatWholeAmount(tx.price, tx.currency)}
        </span>
        <Link
          to={`/app/transactions/${tx.id}`}
          aria-label={t('View {description}', { description: tx.description })}
          className="inline-flex h-8 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
        >
          {t('View')}
        </Link>
      </div>
    </Card>
  );
}
