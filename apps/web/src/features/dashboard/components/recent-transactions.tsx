import { Link } from 'react-router';
import { DASHBOARD_STATUS_FILTERS } from '@escrow/shared/domain/transaction-labels';
import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import { Card, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatWholeAmount } from '../../../lib/format';
import { t } from '../../../lib/i18n';

type Props = {
  transactions: TransactionListItem[];
  userId: string;
  loading: boolean;
  /** True when the user has no transaction at all (not merely none matching the filters). */
  noneAtAll: boolean;
  search: string;
  onSearch: (value: string) => void;
  status: string;
  onStatus: (value: string) => void;
};

/** Reference shown on rows: the last 8 characters of the id. */
export const referenceOf = (id: string) => id.slice(-8);

/** Recent Transactions: the 5 newest matching the search and status filter. */
export function RecentTransactions(props: Props) {
  return (
    <Card className="space-y-3" data-tour="transactions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('Recent Transactions')}</CardTitle>
        <Link to="/app/transactions" className="text-sm font-medium text-brand-700 hover:underline">
          {t('View All')}
        </Link>
      </div>
      {props.noneAtAll ? (
        <div className="py-8 text-center">
          <p className="font-semibold text-slate-900">{t('No transactions yet')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('Start trading to see your transactions here')}</p>
          <Link
            to="/app/create-transaction"
            className="mt-4 inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
          >
            {t('Create Your First Transaction')}
          </Link>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_auto]">
            <label htmlFor="recent-search" className="sr-only">
              {t('Search recent transactions')}
            </label>
            <Input
              id="recent-search"
              type="search"
              placeholder={t('Search by ID, description or name')}
              value={props.search}
              onChange={(event) => props.onSearch(event.target.value)}
            />
            <label htmlFor="recent-status" className="sr-only">
              {t('Status')}
            </label>
            <select
              id="recent-status"
              value={props.status}
              onChange={(event) => props.onStatus(event.target.value)}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
            >
              {DASHBOARD_STATUS_FILTERS.map((filter) => (
                <option key={filter.value} value={filter.value}>
                  {t(filter.label)}
                </option>
              ))}
            </select>
          </div>
          {props.loading ? (
            <Spinner />
          ) : props.transactions.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">{t('No transactions found')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('Recent transactions')}>
              {props.transactions.map((tx) => (
                <li key={tx.id}>
                  <Link
                    to={`/app/transactions/${tx.id}`}
                    className="flex items-center justify-between gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{tx.description}</span>
                      <span className="block text-xs text-slate-500">
                        {t('{part, select, creator {Created} other {Joined}}', {
                          part: tx.creatorId === props.userId ? 'creator' : 'joined',
                        })}{' '}
                        · #{referenceOf(tx.id)} · {formatDate(tx.createdAt)}
                      </span>
                    </span>
                    <span className="shrink-0 text-right">
                      <span className="block text-sm font-semibold text-slate-900">
                        {formatWholeAmount(tx.price, tx.currency)}
                      </span>
                      <span className="block text-xs text-slate-500" data-row-status={tx.status}>
                        {t(DASHBOARD_STATUS_FILTERS.find((f) => f.value === tx.status)?.label ?? tx.status)}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
