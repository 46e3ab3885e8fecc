import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { VERIFICATION_TEXT, type VerificationResult } from '@escrow/shared/schemas/identity';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { cn } from '../../../lib/cn';
import { verificationStatusQuery } from '../api/verification';
import { BvnForm } from './bvn-form';
import { DocumentsTab } from './documents-tab';
import { NinForm, type ProfileNames } from './nin-form';
import { VerificationOverview } from './verification-overview';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'nin', label: 'NIN Verification' },
  { value: 'bvn', label: 'BVN Verification' },
  { value: 'documents', label: 'Documents' },
] as const;

/** /app/verification (spec 02 §2.6): tabs Overview, NIN Verification, BVN Verification, Documents. */
export function VerificationPage({
  names,
  onVerified,
}: {
  names: ProfileNames;
  onVerified: (result: VerificationResult) => void;
}) {
  const status = useQuery(verificationStatusQuery);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">Identity Verification</h1>
      <p className="mt-1 text-sm text-slate-600">
        Verify your identity to raise your wallet limits, lower your estimated fees and show buyers you are
        real.
      </p>
      <Tabs.Root defaultValue="overview" className="mt-4 space-y-4">
        <Tabs.List
          aria-label="Verification sections"
          className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className={cn(
                'flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900',
                'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
                'focus-visible:outline-2 focus-visible:outline-brand-600',
              )}
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="focus-visible:outline-none">
          {status.isPending ? (
            <LoadingPanel label="Loading verification status" />
          ) : status.error ? (
            <ErrorPanel
              error={new Error(VERIFICATION_TEXT.loadFailed)}
              onRetry={() => void status.refetch()}
            />
          ) : (
            <VerificationOverview status={status.data} />
          )}
        </Tabs.Content>
        <Tabs.Content value="nin" className="focus-visible:outline-none">
          <NinForm names={names} onVerified={onVerified} />
        </Tabs.Content>
        <Tabs.Content value="bvn" className="focus-visible:outline-none">
          <BvnForm names={names} onVerified={onVerified} />
        </Tabs.Content>
        <Tabs.Content value="documents" className="focus-visible:outline-none">
          {status.data ? (
            <DocumentsTab documents={status.data.documents} />
          ) : status.error ? (
            <ErrorPanel
              error={new Error(VERIFICATION_TEXT.loadFailed)}
              onRetry={() => void status.refetch()}
            />
          ) : (
            <LoadingPanel label="Loading your documents" />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
