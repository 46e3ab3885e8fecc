import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { Spinner } from '../../../components/ui/spinner';
import { useTransaction } from '../../../features/transactions/api/get-transaction';
import { NotFoundCard } from '../../../features/transactions/components/not-found-card';
import { ShippingWizard } from '../../../features/transactions/components/shipping-wizard';
import { t } from '../../../lib/i18n';
import { TRANSACTION_TEXT } from '@escrow/shared/texts/transactions';

export default function ShippingDetailsPage() {
  const { transactionId = '' } = useParams();
  const navigate = useNavigate();
  const query = useTransaction(transactionId);

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Button variant="ghost" onClick={() => navigate(`/app/transactions/${transactionId}`)}>
        <ArrowLeftIcon className="h-4 w-4" />
        {t('Back')}
      </Button>
      <h1 className="text-2xl font-bold text-slate-900">{t('Shipping Details')}</h1>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <NotFoundCard
          message={
            // The server names a missing transaction in the reader's language (English when it has none).
            query.error.message === TRANSACTION_TEXT.notFound ||
            query.error.message === t(TRANSACTION_TEXT.notFound)
              ? t('Please check the link and try again.')
              : query.error.message
          }
        >
          <Link to="/app/transactions" className="text-sm font-medium text-brand-700 hover:underline">
            {t('Back to My Transactions')}
          </Link>
        </NotFoundCard>
      ) : !query.data.useCourier ? (
        <Card className="space-y-3 text-center">
          <CardTitle>{t('Courier Service Not Required')}</CardTitle>
          <p className="text-sm text-slate-600">
            {t('This transaction uses local pickup or delivery, so no address is needed.')}
          </p>
          <Button onClick={() => navigate(`/app/payment/${transactionId}`)}>{t('Proceed to Payment')}</Button>
        </Card>
      ) : (
        <ShippingWizard transaction={query.data} />
      )}
    </div>
  );
}
