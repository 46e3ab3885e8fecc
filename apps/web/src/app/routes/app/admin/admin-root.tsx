import { useEffect, type ReactNode } from 'react';
import { Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import { cn } from '../../../../lib/cn';
import { useAuth } from '../../../../lib/auth/auth-context';
import { AuditLog } from '../../../../features/admin/components/audit-log';
import { DisputeQueue } from '../../../../features/admin/components/dispute-queue';
import { DisputeWorkspace } from '../../../../features/admin/components/dispute-workspace';
import { DocumentReview } from '../../../../features/admin/components/document-review';
import { LedgerCheckCard } from '../../../../features/admin/components/ledger-check-card';
import { Refunds } from '../../../../features/admin/components/refunds';
import { StaffTwoFactorNotice } from '../../../../features/admin/components/staff-two-factor-notice';
import { TextMessages } from '../../../../features/admin/components/text-messages';
import { UserDetail } from '../../../../features/admin/components/user-detail';
import { UserSearch } from '../../../../features/admin/components/user-search';
import type { StaffViewer } from '../../../../features/admin/lib/staff';
import { WaitlistAdminCard } from '../../../../features/waitlist/components/waitlist-admin-card';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../../lib/i18n';

const SECTIONS = [
  { to: '/app/admin/disputes', label: msg('Disputes') },
  { to: '/app/admin/users', label: msg('Users') },
  { to: '/app/admin/documents', label: msg('Documents') },
  { to: '/app/admin/refunds', label: msg('Refunds') },
  { to: '/app/admin/text-messages', label: msg('Text messages') },
  { to: '/app/admin/audit-log', label: msg('Audit log') },
  { to: '/app/admin/waitlist', label: msg('Waitlist') },
  { to: '/app/admin/ledger', label: msg('Ledger') },
] as const;

/** `section`: the section's name, already in the screens' language. */
function useTitle(section: string) {
  useEffect(() => {
    document.title = t('{section} — Operator console — Amana Escrow', { section });
  }, [section]);
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  useTitle(title);
  return <>{children}</>;
}

function DisputeWorkspacePage({ viewer }: { viewer: StaffViewer }) {
  const { disputeId = '' } = useParams();
  useTitle(t('Dispute'));
  // Keyed, so a half-written decision never carries over to another dispute.
  return <DisputeWorkspace key={disputeId} disputeId={disputeId} viewer={viewer} />;
}

function UserPage({ viewer }: { viewer: StaffViewer }) {
  const { userId = '' } = useParams();
  useTitle(t('User'));
  return <UserDetail key={userId} userId={userId} viewer={viewer} />;
}

/**
 * The operator console at /app/admin/* (staff only: the route's allowedRoles and the server's
 * requireRole both enforce it). One lazy route in the router; its sections are nested routes here.
 */
export default function AdminRootPage() {
  const { user } = useAuth();
  // The /app guard renders this only for a signed-in staff member.
  if (!user) return null;
  const viewer: StaffViewer = { id: user.id, role: user.role };

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-slate-900">{t('Operator console')}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {user.role === 'ADMIN' ? t('Signed in as an admin.') : t('Signed in as support staff.')}
      </p>
      <nav aria-label={t('Operator console sections')} className="-mx-1 mt-4 border-b border-slate-200">
        <ul className="flex flex-wrap gap-1 px-1">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                    isActive
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-600 hover:text-slate-900',
                  )
                }
              >
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <StaffTwoFactorNotice />
      <div className="mt-6">
        <Routes>
          <Route index element={<Navigate to="/app/admin/disputes" replace />} />
          <Route
            path="disputes"
            element={
              <Page title={t('Disputes')}>
                <DisputeQueue />
              </Page>
            }
          />
          <Route path="disputes/:disputeId" element={<DisputeWorkspacePage viewer={viewer} />} />
          <Route
            path="users"
            element={
              <Page title={t('Users')}>
                <UserSearch />
              </Page>
            }
          />
          <Route path="users/:userId" element={<UserPage viewer={viewer} />} />
          <Route
            path="documents"
            element={
              <Page title={t('Documents')}>
                <DocumentReview />
              </Page>
            }
          />
          <Route
            path="refunds"
            element={
              <Page title={t('Refunds')}>
                <Refunds />
              </Page>
            }
          />
          <Route
            path="text-messages"
            element={
              <Page title={t('Text messages')}>
                <TextMessages />
              </Page>
            }
          />
          <Route
            path="audit-log"
            element={
              <Page title={t('Audit log')}>
                <AuditLog />
              </Page>
            }
          />
          <Route
            path="waitlist"
            element={
              <Page title={t('Waitlist')}>
                <WaitlistAdminCard />
              </Page>
            }
          />
          <Route
            path="ledger"
            element={
              <Page title={t('Ledger')}>
                <LedgerCheckCard />
              </Page>
            }
          />
          <Route path="*" element={<Navigate to="/app/admin/disputes" replace />} />
        </Routes>
      </div>
    </div>
  );
}
