import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { ROLE_FILTERS, TRANSACTIONS_STATUS_FILTERS } from '@escrow/shared/domain/transaction-labels';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ConnectionIndicator } from '../../realtime/connection-indicator';
import { useLiveConnection } from '../../realtime/use-live-connection';
import { useTransactionEvents } from '../../realtime/transaction-events';
import { useTransactionList } from '../api/list-transactions';
import { transactionKeys } from '../api/transaction-keys';
import { Select } from './form-controls';
import { TransactionCard } from './transaction-card';

/** /app/transactions: search, status and role filters, Refresh, live updates (500 ms debounce), paging. */
export function TransactionsList() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('all');
  const [role, setRole] = useState('all');
  const search = useDeferredValue(q.trim());
  const list = useTransactionList({ q: search, status, role });
  const connection = useLiveConnection();
  useTransactionEvents({ debounceMs: 500, queryKey: transactionKeys.lists() });

  const transactions = list.data?.pages.flatMap((page) => page.transactions) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">My Transactions</h1>
          <ConnectionIndicator state={connection.state} onReconnect={connection.reconnect} />
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching && !list.isFetchingNextPage ? 'Refreshing...' : 'Refresh'}
          </Button>
          <Link
            to="/app/create-transaction"
            className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
          >
            New Transaction
          </Link>
        </div>
      </header>
      <Card className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto]">
        <label className="sr-only" htmlFor="tx-search">
          Search transactions
        </label>
        <Input
          id="tx-search"
          type="search"
          placeholder="Search by description, ID or name"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <label className="sr-only" htmlFor="tx-status-filter">
          Status
        </label>
        <Select
          id="tx-status-filter"
          value={status}
          options={TRANSACTIONS_STATUS_FILTERS}
          onChange={(event) => setStatus(event.target.value)}
        />
        <label className="sr-only" htmlFor="tx-role-filter">
          Role
        </label>
        <Select
          id="tx-role-filter"
          value={role}
          options={ROLE_FILTERS}
          onChange={(event) => setRole(event.target.value)}
        />
      </Card>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Card role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          {list.error.message}
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </Card>
      ) : transactions.length === 0 ? (
        <Card className="py-10 text-center text-slate-600">No transactions found</Card>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Transactions">
            {transactions.map((tx) => (
              <li key={tx.id}>
                <TransactionCard transaction={tx} />
              </li>
            ))}
          </ul>
          <p className="text-center text-sm text-slate-500">
            Showing {transactions.length} of {total}
          </p>
          {list.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
