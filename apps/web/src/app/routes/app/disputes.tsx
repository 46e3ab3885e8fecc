import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { CreateDisputeForm } from '../../../features/disputes/components/create-dispute-form';
import { DisputeDetail } from '../../../features/disputes/components/dispute-detail';
import { DisputesList } from '../../../features/disputes/components/disputes-list';

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = t('{title} — Amana Escrow', { title });
  }, [title]);
  return <>{children}</>;
}

function CreatePage() {
  const [params] = useSearchParams();
  const transactionId = params.get('transactionId');
  return (
    <Titled title={t('Raise a Dispute')}>
      <div className="mx-auto max-w-3xl space-y-4">
        <Link to="/app/disputes" className="text-sm font-medium text-brand-800 hover:underline">
          {t('← Back to Disputes')}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{t('Raise a Dispute')}</h1>
        <CreateDisputeForm key={transactionId ?? ''} preselectedId={transactionId} />
      </div>
    </Titled>
  );
}

function DetailPage({ resolve }: { resolve?: boolean }) {
  const { disputeId = '' } = useParams();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Titled title={t('Dispute')}>
      {/* Keyed: a half-written proposal never carries over to another dispute. */}
      <DisputeDetail
        key={`${disputeId}:${resolve ? 'resolve' : ''}`}
        disputeId={disputeId}
        viewerId={user.id}
        startWith={resolve ? 'propose' : null}
      />
    </Titled>
  );
}

/** /app/disputes/*: the list, the create form, a dispute, and its Resolve entry. */
export default function DisputesPage() {
  return (
    <Routes>
      <Route
        index
        element={
          <Titled title={t('Disputes')}>
            <DisputesList />
          </Titled>
        }
      />
      <Route path="create" element={<CreatePage />} />
      <Route path=":disputeId" element={<DetailPage />} />
      <Route path=":disputeId/resolve" element={<DetailPage resolve />} />
      <Route path="*" element={<Navigate to="/app/disputes" replace />} />
    </Routes>
  );
}
