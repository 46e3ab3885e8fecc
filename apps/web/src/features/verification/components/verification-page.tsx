import { useQuery } from '@tanstack/react-query';
import { VERIFICATION_TEXT, type VerificationResult } from '@escrow/shared/schemas/identity';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { Tabs } from '../../../components/ui/tabs';
import { t } from '../../../lib/i18n';
import { verificationStatusQuery } from '../api/verification';
import { useVerificationLiveRefresh } from '../api/use-verification-live-refresh';
import { DocumentsTab } from './documents-tab';
import { IdentityCheckForm, type ProfileNames } from './identity-check-form';
import { VerificationOverview } from './verification-overview';

/** /app/verification: tabs Overview, NIN Verification, BVN Verification, Documents. */
export function VerificationPage({
  names,
  onVerified,
}: {
  names: ProfileNames;
  onVerified: (result: VerificationResult) => void;
}) {
  const status = useQuery(verificationStatusQuery);
  useVerificationLiveRefresh();
  const retry = (
    <ErrorPanel error={new Error(t(VERIFICATION_TEXT.loadFailed))} onRetry={() => void status.refetch()} />
  );
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">{t('Identity Verification')}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t(
          'Verify your identity to raise your wallet limits, lower your estimated fees and show buyers you are real.',
        )}
      </p>
      <Tabs
        label={t('Verification sections')}
        className="mt-4"
        tabs={[
          {
            value: 'overview',
            label: t('Overview'),
            content: status.isPending ? (
              <LoadingPanel label={t('Loading verification status')} />
            ) : status.error ? (
              retry
            ) : (
              <VerificationOverview status={status.data} />
            ),
          },
          {
            value: 'nin',
            label: t('NIN Verification'),
            content: <IdentityCheckForm kind="nin" names={names} onVerified={onVerified} />,
          },
          {
            value: 'bvn',
            label: t('BVN Verification'),
            content: <IdentityCheckForm kind="bvn" names={names} onVerified={onVerified} />,
          },
          {
            value: 'documents',
            label: t('Documents'),
            content: status.data ? (
              <DocumentsTab documents={status.data.documents} />
            ) : status.error ? (
              retry
            ) : (
              <LoadingPanel label={t('Loading your documents')} />
            ),
          },
        ]}
      />
    </div>
  );
}
