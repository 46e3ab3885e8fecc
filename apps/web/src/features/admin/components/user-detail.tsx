import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { STATUS_LABELS } from '@escrow/shared/domain/transaction-labels';
import { ADMIN_TEXT, type AdminUserDetail } from '@escrow/shared/schemas/admin';
import { Card, CardTitle } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { userDetailQuery } from '../api/users';
import { fullName } from '../../../widgets/disputes/dispute-labels';
import type { StaffViewer } from '../lib/staff';
import { AccountActions } from './account-actions';
import { TwoFactorStatusCard } from './two-factor-reset';
import { UserPrivacyRecord } from './user-privacy-record';
import { Badge, ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { t } from '../../../lib/i18n';

/** Everything support needs to judge an account, and the admin's account actions. */
export function UserDetail({ userId, viewer }: { userId: string; viewer: StaffViewer }) {
  const query = useQuery(userDetailQuery(userId));
  return (
    <div className="space-y-4">
      <Link to="/app/admin/users" className="text-sm font-medium text-brand-800 hover:underline">
        ← {t('Back to users')}
      </Link>
      {query.isPending ? (
        <LoadingPanel label={t('Loading user...')} />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <Card role="alert">
            <h2 className="text-lg font-semibold text-slate-900">{t(ADMIN_TEXT.userNotFound)}</h2>
          </Card>
        ) : (
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <UserDetailBody detail={query.data} viewer={viewer} />
      )}
    </div>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-2 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UserDetailBody({ detail, viewer }: { detail: AdminUserDetail; viewer: StaffViewer }) {
  const { user, wallet, transactions, sessions, disputes } = detail;
  return (
    <>
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold text-slate-900">{fullName(user)}</h2>
            <p className="break-all text-sm text-slate-600">{user.email}</p>
            <p className="break-all font-mono text-xs text-slate-500">{user.id}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {user.closedAt ? <Badge tone="slate">{t('Closed')}</Badge> : null}
            {user.suspendedAt ? <Badge tone="red">{t('Suspended')}</Badge> : null}
            <Badge tone={user.role === 'USER' ? 'slate' : 'violet'}>{user.role}</Badge>
          </div>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          {t('Joined {date}', { date: formatDate(user.createdAt) })}
        </p>
        {user.closedAt ? (
          <p className="mt-1 text-sm text-slate-700">
            {t(
              'Closed by its owner {date}. Their name, e-mail and files were removed; the trades, ledger and audit log remain. A closed account cannot be reopened.',
              { date: formatDateTime(user.closedAt) },
            )}
          </p>
        ) : null}
      </Card>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card>
          <CardTitle>{t('Verification')}</CardTitle>
          <Facts
            rows={[
              [t('Verification level'), user.verificationLevel],
              [t('Trust score'), `${user.trustScore} / 100`],
            ]}
          />
        </Card>
        <Card>
          <CardTitle>{t('Wallet')}</CardTitle>
          <Facts
            rows={[
              [t('Available balance'), formatMoney(wallet.balance, wallet.currency)],
              [t('In escrow'), formatMoney(wallet.pendingEscrow, wallet.currency)],
            ]}
          />
        </Card>
        <Card>
          <CardTitle>{t('Disputes')}</CardTitle>
          <Facts
            rows={[
              [t('Raised'), disputes.raised],
              [t('Raised against them'), disputes.against],
              [t('Open now'), disputes.open],
            ]}
          />
        </Card>
        <TwoFactorStatusCard
          user={{ id: user.id, name: fullName(user) }}
          enabled={detail.twoFactorEnabled}
          viewer={viewer}
        />
        <AccountActions user={user} viewer={viewer} />
        <UserPrivacyRecord detail={detail} />
        <Card className="md:col-span-2">
          <CardTitle>{t('Active sessions')}</CardTitle>
          {sessions.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t('No active sessions.')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label={t('Active sessions')}>
              {sessions.map((session) => (
                <li key={session.id} className="py-2">
                  <p className="font-medium text-slate-900">{session.device}</p>
                  <p className="text-xs text-slate-500">
                    {t('Signed in {signedIn} · expires {expires}', {
                      signedIn: formatDateTime(session.createdAt),
                      expires: formatDateTime(session.expiresAt),
                    })}
                  </p>
                  {session.userAgent ? (
                    <details className="mt-1 text-xs text-slate-500">
                      <summary className="cursor-pointer">{t('Browser details')}</summary>
                      <p className="break-all font-mono">{session.userAgent}</p>
                    </details>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <UserTransactions transactions={transactions} />
    </>
  );
}

function UserTransactions({ transactions }: { transactions: AdminUserDetail['transactions'] }) {
  return (
    <Card>
      <CardTitle>{t('Newest transactions')}</CardTitle>
      {transactions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('No transactions yet.')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t('Newest transactions')}>
          {transactions.map((tx) => (
            <li
              key={tx.id}
              data-flagged={tx.flagged || undefined}
              className={tx.flagged ? '-mx-2 rounded-lg bg-red-50 px-2 py-3' : 'py-3'}
            >
              <div className="flex flex-wrap items-start justify-between gap-2 text-sm">
                <div className="min-w-0">
                  <p className="break-words font-medium text-slate-900">{tx.description}</p>
                  <p className="text-xs text-slate-600">
                    {tx.role === 'BUYER' ? t('Buyer') : t('Seller')}
                    {tx.counterpartyName
                      ? ` · ${t('with {name}', { name: tx.counterpartyName })}`
                      : ''} · {formatDate(tx.createdAt)}
                  </p>
                  <p className="break-all font-mono text-xs text-slate-500">{tx.id}</p>
                </div>
                <div className="flex flex-wrap items-center gap-1.5">
                  {tx.flagged ? (
                    <span title={t('Money still open while the user is suspended')}>
                      <Badge tone="red">{t('Flagged')}</Badge>
                    </span>
                  ) : null}
                  <Badge tone="slate">{t(STATUS_LABELS[tx.status])}</Badge>
                  <span className="font-medium text-slate-900">{formatMoney(tx.price, tx.currency)}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
