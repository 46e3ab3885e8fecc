import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { content } from '../../../config/content';
import { Card } from '../../../components/ui/card';
import { LoadingPanel } from '../../../components/ui/panels';
import { useTransactionStatus } from '../api/disputes';

const linkLook = 'text-sm font-medium text-brand-800 hover:underline';

function why(transaction: Transaction | undefined): string {
  switch (transaction?.status) {
    case 'COMPLETED':
      return 'This transaction is completed, so it can no longer be disputed: the payment has been released. If something is wrong, contact support and we will help.';
    case 'CANCELLED':
      return 'This transaction was cancelled, so there is no payment in escrow to dispute. If something is wrong, contact support.';
    case 'DISPUTED':
      return DISPUTE_TEXT.alreadyOpen;
    case undefined:
      return 'This transaction was not found, or you are not one of its parties.';
    default:
      return `${DISPUTE_TEXT.notDisputable}. Nothing has been paid into escrow yet, so you can still cancel it instead.`;
  }
}

/**
 * The create screen when nothing can be disputed: the preselected transaction's status says why
 * (completed, cancelled, already disputed, not paid yet), with Contact Support or a way onwards.
 */
export function NotDisputableNotice({ transactionId }: { transactionId: string | null }) {
  const query = useTransactionStatus(transactionId);
  if (transactionId && query.isPending) return <LoadingPanel label="Checking the transaction..." />;
  const transaction = query.data;
  const links: ReactNode[] = [];
  if (transaction?.status === 'DISPUTED' && transaction.disputeId)
    links.push(
      <Link key="dispute" to={`/app/disputes/${transaction.disputeId}`} className={linkLook}>
        Open the dispute
      </Link>,
    );
  if (transaction)
    links.push(
      <Link key="transaction" to={`/app/transactions/${transaction.id}`} className={linkLook}>
        Back to the transaction
      </Link>,
    );
  else
    links.push(
      <Link key="transactions" to="/app/transactions" className={linkLook}>
        My Transactions
      </Link>,
    );
  links.push(
    <a
      key="support"
      href={`mailto:${content.supportEmail}?subject=${encodeURIComponent(
        transactionId ? `Transaction ${transactionId}` : 'A problem with a transaction',
      )}`}
      className={linkLook}
    >
      Contact Support
    </a>,
  );

  return (
    <Card role="status">
      <h2 className="text-lg font-semibold text-slate-900">
        {transactionId ? 'This transaction cannot be disputed' : 'Nothing to dispute right now'}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {transactionId
          ? why(transaction)
          : `You have no transactions that can be disputed now. ${DISPUTE_TEXT.notDisputable}.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-4">{links}</div>
    </Card>
  );
}
