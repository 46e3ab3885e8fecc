import { useParams } from 'react-router';
import { TestCheckoutPage } from '../../../features/transactions/components/test-checkout';
import { t } from '../../../lib/i18n';

/** /app/test-checkout/{reference}: test mode's stand-in for the provider's hosted checkout. */
export default function TestCheckoutRoute() {
  const { reference = '' } = useParams();
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('Checkout')}</h1>
      <TestCheckoutPage reference={reference} />
    </div>
  );
}
