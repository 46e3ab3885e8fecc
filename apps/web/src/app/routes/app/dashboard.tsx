import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import PlusIcon from 'lucide-react/icons/plus';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { QuickActions } from '../../../features/dashboard/components/quick-actions';
import { RecentTransactions } from '../../../features/dashboard/components/recent-transactions';
import { StatTiles } from '../../../features/dashboard/components/stat-tiles';
import { useOnboarding } from '../../../features/onboarding/use-onboarding';
import { ConnectionIndicator } from '../../../components/connection-indicator';
import { useTransactionEvents } from '../../../lib/realtime/transaction-events';
import { useLiveConnection } from '../../../lib/realtime/use-live-connection';
import {
  useRecentTransactions,
  useTransactionStats,
} from '../../../features/transactions/api/list-transactions';

// Only a new account sees the tour: its code comes when it is shown (docs/performance.md, Web).
const OnboardingTour = lazy(() =>
  import('../../../features/onboarding/onboarding-tour').then((module) => ({
    default: module.OnboardingTour,
  })),
);

/** While the live channel is down, the dashboard reloads every 10 s instead. */
export const DASHBOARD_FALLBACK_REFRESH_MS = 10_000;

export default function DashboardPage() {
  const { user, firstSignIn } = useAuth();
  const connection = useLiveConnection();
  useTransactionEvents({ debounceMs: 500 });
  const poll = connection.state === 'connected' ? false : DASHBOARD_FALLBACK_REFRESH_MS;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const q = useDeferredValue(search.trim());
  const stats = useTransactionStats({ refetchInterval: poll });
  const recent = useRecentTransactions({ q, status }, { refetchInterval: poll });
  const onboarding = useOnboarding();

  useEffect(() => {
    if (stats.isError) console.error('Dashboard statistics failed to load', stats.error);
    if (recent.isError) console.error('Dashboard transactions failed to load', recent.error);
  }, [stats.isError, stats.error, recent.isError, recent.error]);

  if (!user) return null;
  // On a failed load the list is emptied and the tiles show zero; both keep retrying.
  const transactions = recent.isError ? [] : (recent.data?.transactions ?? []);
  const noneAtAll =
    !stats.isPending && (stats.isError || stats.data?.total === 0) && transactions.length === 0;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div data-tour="welcome">
          <h1 className="text-2xl font-bold text-slate-900">
            {firstSignIn
              ? t('Welcome, {name}!', { name: user.firstName })
              : t('Welcome back, {name}!', { name: user.firstName })}
          </h1>
          <ConnectionIndicator state={connection.state} onReconnect={connection.reconnect} />
        </div>
        <Link
          to="/app/create-transaction"
          data-tour="create-transaction"
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
        >
          <PlusIcon className="h-4 w-4" />
          {t('New Transaction')}
        </Link>
      </header>
      <StatTiles stats={stats.isError ? undefined : stats.data} loading={stats.isPending && !stats.isError} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentTransactions
            transactions={transactions}
            userId={user.id}
            loading={recent.isPending && !recent.isError}
            noneAtAll={noneAtAll}
            search={search}
            onSearch={setSearch}
            status={status}
            onStatus={setStatus}
          />
        </div>
        <QuickActions />
      </div>
      {onboarding.show ? (
        <Suspense fallback={null}>
          <OnboardingTour onFinish={onboarding.complete} />
        </Suspense>
      ) : null}
    </div>
  );
}
