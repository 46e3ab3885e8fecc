import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { ROLE_FILTERS, TRANSACTIONS_STATUS_FILTERS } from '@escrow/shared/domain/transaction-labels';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount as count } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { ConnectionIndicator } from '../../../components/connection-indicator';
import { useLiveConnection } from '../../../lib/realtime/use-live-connection';
import { useTransactionEvents } from '../../../lib/realtime/transaction-events';
import { formatListTotal, PAGE_SIZE, useTransactionList } from '../api/list-transactions';
import { transactionKeys } from '../../../lib/query-keys/transaction-keys';
import { Select } from './form-controls';
import { TransactionCard } from './transaction-card';

/**
 * /app/transactions: search, status and role filters, Refresh, live updates (500 ms debounce), and
 * Previous / 'Page N' / Next paging driven by the server's `hasMore` (the total is exact up to 1,000,
 * shown as '1,000+' beyond). Changing a filter or the search goes back to page 1.
 */
export function TransactionsList() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('all');
  const [role, setRole] = useState('all');
  const [page, setPage] = useState(1);
  const search = useDeferredValue(q.trim());
  const list = useTransactionList({ q: search, status, role }, page);
  const connection = useLiveConnection();
  useTransactionEvents({ debounceMs: 500, queryKey: transactionKeys.lists() });

  const data = list.data;
  const transactions = data?.transactions ?? [];
  // While the next page loads, the previous one stays on screen (placeholder data).
  const shownPage = data?.page ?? page;
  const first = (shownPage - 1) * PAGE_SIZE + 1;
  const range = data
    ? t('Showing {first}–{last} of {total}', {
        first: count(first),
        last: count(first + transactions.length - 1),
        total: formatListTotal(data),
      })
    : '';
  // The filters' values are sent as they are; their labels are shown in the reader's language.
  const statusOptions = TRANSACTIONS_STATUS_FILTERS.map(({ value, label }) => ({ value, label: t(label) }));
  const roleOptions = ROLE_FILTERS.map(({ value, label }) => ({ value, label: t(label) }));
  const changing = list.isPlaceholderData;
  const onFilter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('My Transactions')}</h1>
          <ConnectionIndicator state={connection.state} onReconnect={connection.reconnect} />
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching && !changing ? t('Refreshing...') : t('Refresh')}
          </Button>
          <Link
            to="/app/create-transaction"
            className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
          >
            {t('New Transaction')}
          </Link>
        </div>
      </header>
      <Card className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto]">
        <label className="sr-only" htmlFor="tx-search">
          {t('Search transactions')}
        </label>
        <Input
          id="tx-search"
          type="search"
          placeholder={t('Search by description, ID or name')}
          value={q}
          onChange={(event) => onFilter(setQ)(event.target.value)}
        />
        <label className="sr-only" htmlFor="tx-status-filter">
          {t('Status')}
        </label>
        <Select
          id="tx-status-filter"
          value={status}
          options={statusOptions}
          onChange={(event) => onFilter(setStatus)(event.target.value)}
        />
        <label className="sr-only" htmlFor="tx-role-filter">
          {t('Role')}
        </label>
        <Select
          id="tx-role-filter"
          value={role}
          options={roleOptions}
          onChange={(event) => onFilter(setRole)(event.target.value)}
        />
      </Card>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Card role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {list.error.message}
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t('Retry')}
          </Button>
        </Card>
      ) : (
        <>
          {transactions.length === 0 ? (
            <Card className="py-10 text-center text-slate-600">{t('No transactions found')}</Card>
          ) : (
            <>
              <ul className="space-y-3" aria-label={t('Transactions')} aria-busy={changing}>
                {transactions.map((tx) => (
                  <li key={tx.id}>
                    <TransactionCard transaction={tx} />
                  </li>
                ))}
              </ul>
              <p className="text-center text-sm text-slate-500" data-testid="list-range">
                {range}
              </p>
            </>
          )}
          {shownPage > 1 || data?.hasMore ? (
            <nav aria-label={t('Pagination')} className="flex items-center justify-center gap-3">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPage(Math.max(1, shownPage - 1))}
                disabled={shownPage <= 1 || changing}
              >
                {t('Previous')}
              </Button>
              <span className="text-sm font-medium text-slate-700" aria-current="page">
                {t('Page {page}', { page: count(shownPage) })}
              </span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPage(shownPage + 1)}
                disabled={!data?.hasMore || changing}
              >
                {changing && page > shownPage ? t('Loading...') : t('Next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
