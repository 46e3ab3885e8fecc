import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { JoinLinkForm } from '../../../features/transactions/components/join-link-form';
import { t } from '../../../lib/i18n';

export default function JoinTransactionPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Button variant="ghost" onClick={() => navigate('/app/dashboard')}>
        <ArrowLeftIcon className="h-4 w-4" />
        {t('Back')}
      </Button>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('Join Existing Transaction')}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t('Paste the link the other party shared with you to see the transaction and join it.')}
        </p>
      </header>
      <Card>
        <JoinLinkForm />
      </Card>
    </div>
  );
}
