import { Link } from 'react-router';
import type { WalletEntry } from '@escrow/shared/schemas/wallet';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { MASKED_AMOUNT } from '../hooks/use-hidden-amounts';
import { ENTRY_TYPES, EntryIcon, STATUS_NAMES, STATUS_STYLES } from './wallet-entry-style';

/** One wallet history line: type icon and colour, description, date, status, reference and signed amount. */
export function WalletEntryRow({
  entry,
  compact = false,
  hidden = false,
}: {
  entry: WalletEntry;
  compact?: boolean;
  hidden?: boolean;
}) {
  const type = ENTRY_TYPES[entry.type];
  const amount = hidden ? MASKED_AMOUNT : `${type.sign}${formatMoney(entry.amount)}`;
  return (
    <li className={cn('flex items-start gap-3', compact ? 'py-2' : 'py-3')}>
      <EntryIcon type={entry.type} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{entry.description}</p>
        <p className="text-xs text-slate-500">
          <span className="font-medium text-slate-600">{t(type.label)}</span>
          {' · '}
          {formatDateTime(entry.date)}
          {!compact && entry.counterparty ? ` · ${entry.counterparty}` : null}
        </p>
        {!compact ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <span
              className={cn(
                'rounded-full px-2 py-0.5 font-medium capitalize ring-1 ring-inset',
                STATUS_STYLES[entry.status],
              )}
            >
              {t(STATUS_NAMES[entry.status])}
            </span>
            {entry.outsideWallet ? (
              <span>{t('Paid by you directly, not from your wallet balance')}</span>
            ) : null}
            {entry.reference ? (
              <span>
                {t('Ref:')} <span className="break-all font-mono">{entry.reference}</span>
              </span>
            ) : null}
            {entry.transactionId ? (
              <Link
                to={`/app/transactions/${entry.transactionId}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {t('View transaction')}
              </Link>
            ) : null}
          </p>
        ) : null}
      </div>
      <p
        className={cn(
          'shrink-0 text-sm font-semibold',
          type.sign === '+' ? 'text-green-700' : 'text-slate-900',
          entry.status === 'failed' && 'text-slate-400 line-through',
        )}
      >
        {amount}
      </p>
    </li>
  );
}
