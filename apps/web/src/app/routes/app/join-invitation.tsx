import { useParams } from 'react-router';
import { InvitationView } from '../../../features/transactions/components/invitation-view';
import { t } from '../../../lib/i18n';

export default function JoinInvitationPage() {
  const { code = '' } = useParams();
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('Join Transaction')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('Check the details before you join.')}</p>
      </header>
      {/* keyed by code so a different link starts fresh */}
      <InvitationView key={code} code={code} />
    </div>
  );
}
