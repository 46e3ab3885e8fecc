import { useSearchParams } from 'react-router';
import { CreateWizard } from '../../../features/transactions/components/create-wizard';
import { t } from '../../../lib/i18n';

/** ?vendor={userId}&vendorName={name}: Contact Vendor opens the wizard as buyer with the vendor invited. */
export default function CreateTransactionPage() {
  const [params] = useSearchParams();
  const vendor = params.get('vendor');
  const invited = vendor ? { userId: vendor, name: params.get('vendorName') ?? t('the vendor') } : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('Create Transaction')}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t(
            'Set up the deal, then share the link with the other party. The buyer’s money stays in escrow until the goods arrive.',
          )}
        </p>
      </header>
      <CreateWizard key={vendor ?? ''} invited={invited} />
    </div>
  );
}
