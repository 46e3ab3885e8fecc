import { Navigate, useLocation } from 'react-router';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { TransactionStatusView } from '../../../features/transactions/components/transaction-status-view';
import { t } from '../../../lib/i18n';

type StatusState = { transaction?: Transaction; invitationCode?: string } | null;

/** Reached with navigation state (transaction + invitation code); without it, back to the dashboard. */
export default function TransactionStatusPage() {
  const state = useLocation().state as StatusState;
  const transaction = state?.transaction;
  if (!transaction || typeof transaction.id !== 'string') return <Navigate to="/app/dashboard" replace />;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('Transaction Status')}</h1>
      <TransactionStatusView
        initial={transaction}
        invitationCode={typeof state?.invitationCode === 'string' ? state.invitationCode : null}
      />
    </div>
  );
}
