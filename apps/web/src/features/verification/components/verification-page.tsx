import { useQuery } from '@tanstack/react-query';
import { VERIFICATION_TEXT, type VerificationResult } from '@escrow/shared/schemas/identity';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { Tabs } from '../../../components/ui/tabs';
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
    <ErrorPanel error={new Error(VERIFICATION_TEXT.loadFailed)} onRetry={() => void status.refetch()} />
  );
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">Identity Verification</h1>
      <p className="mt-1 text-sm text-slate-600">
        Verify your identity to raise your wallet limits, lower your estimated fees and show buyers you are
        real.
      </p>
      <Tabs
        label="Verification sections"
        className="mt-4"
        tabs={[
          {
            value: 'overview',
            label: 'Overview',
            content: status.isPending ? (
              <LoadingPanel label="Loading verification status" />
            ) : status.error ? (
              retry
            ) : (
              <VerificationOverview status={status.data} />
            ),
          },
          {
            value: 'nin',
            label: 'NIN Verification',
            content: <IdentityCheckForm kind="nin" names={names} onVerified={onVerified} />,
          },
          {
            value: 'bvn',
            label: 'BVN Verification',
            content: <IdentityCheckForm kind="bvn" names={names} onVerified={onVerified} />,
          },
          {
            value: 'documents',
            label: 'Documents',
            content: status.data ? (
              <DocumentsTab documents={status.data.documents} />
            ) : status.error ? (
              retry
            ) : (
              <LoadingPanel label="Loading your documents" />
            ),
          },
        ]}
      />
    </div>
  );
}
