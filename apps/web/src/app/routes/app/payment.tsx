import { Link, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useTransaction } from '../../../features/transactions/api/get-transaction';
import { NotFoundCard } from '../../../features/transactions/components/not-found-card';
import { PaymentPageBody } from '../../../features/transactions/components/payment-page-body';
import { t } from '../../../lib/i18n';
import { msg } from '@escrow/shared/i18n/msg';

export const PAYMENT_NOT_FOUND = msg("This transaction may have been deleted or doesn't exist.");

/** /app/payment/{id}: the pay flow on its own page; a provider's checkout also returns here with ?reference=. */
export default function PaymentPage() {
  const { transactionId = '' } = useParams();
  const [params] = useSearchParams();
  const query = useTransaction(transactionId);

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('Payment')}</h1>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <NotFoundCard message={t(PAYMENT_NOT_FOUND)}>
          <Link to="/app/transactions" className="text-sm font-medium text-brand-700 hover:underline">
            {t('Back to My Transactions')}
          </Link>
        </NotFoundCard>
      ) : (
        <PaymentPageBody transaction={query.data} returnedReference={params.get('reference')} />
      )}
    </div>
  );
}
