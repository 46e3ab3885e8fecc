import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { content } from '../../../config/content';
import { Card } from '../../../components/ui/card';
import { LoadingPanel } from '../../../components/ui/panels';
import { t } from '../../../lib/i18n';
import { useTransactionStatus } from '../api/disputes';

const linkLook = 'text-sm font-medium text-brand-800 hover:underline';

function why(transaction: Transaction | undefined): string {
  switch (transaction?.status) {
    case 'COMPLETED':
      return t(
        'This transaction is completed, so it can no longer be disputed: the payment has been released. If something is wrong, contact support and we will help.',
      );
    case 'CANCELLED':
      return t(
        'This transaction was cancelled, so there is no payment in escrow to dispute. If something is wrong, contact support.',
      );
    case 'DISPUTED':
      return t(DISPUTE_TEXT.alreadyOpen);
    case undefined:
      return t('This transaction was not found, or you are not one of its parties.');
    default:
      return `${t(DISPUTE_TEXT.notDisputable)}. ${t('Nothing has been paid into escrow yet, so you can still cancel it instead.')}`;
  }
}

/**
 * The create screen when nothing can be disputed: the preselected transaction's status says why
 * (completed, cancelled, already disputed, not paid yet), with Contact Support or a way onwards.
 */
export function NotDisputableNotice({ transactionId }: { transactionId: string | null }) {
  const query = useTransactionStatus(transactionId);
  if (transactionId && query.isPending) return <LoadingPanel label={t('Checking the transaction...')} />;
  const transaction = query.data;
  const links: ReactNode[] = [];
  if (transaction?.status === 'DISPUTED' && transaction.disputeId)
    links.push(
      <Link key="dispute" to={`/app/disputes/${transaction.disputeId}`} className={linkLook}>
        {t('Open the dispute')}
      </Link>,
    );
  if (transaction)
    links.push(
      <Link key="transaction" to={`/app/transactions/${transaction.id}`} className={linkLook}>
        {t('Back to the transaction')}
      </Link>,
    );
  else
    links.push(
      <Link key="transactions" to="/app/transactions" className={linkLook}>
        {t('My Transactions')}
      </Link>,
    );
  links.push(
    <a
      key="support"
      href={`mailto:${content.supportEmail}?subject=${encodeURIComponent(
        transactionId ? t('Transaction {id}', { id: transactionId }) : t('A problem with a transaction'),
      )}`}
      className={linkLook}
    >
      {t('Contact Support')}
    </a>,
  );

  return (
    <Card role="status">
      <h2 className="text-lg font-semibold text-slate-900">
        {transactionId ? t('This transaction cannot be disputed') : t('Nothing to dispute right now')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {transactionId
          ? why(transaction)
          : `${t('You have no transactions that can be disputed now.')} ${t(DISPUTE_TEXT.notDisputable)}.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-4">{links}</div>
    </Card>
  );
}
