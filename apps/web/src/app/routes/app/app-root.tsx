import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AppLayout } from '../../../components/layouts/app-layout';
import { LogoutDialogProvider } from '../../../components/layouts/logout-dialog';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { deferredPart } from '../../../lib/deferred-part';
import { allowedRolesOf, decideAccess } from '../../../features/auth/navigation';
import { shellSlots } from '../../shell-slots';

// The live events (toasts and refreshes pushed by the server) start after the first screen, with the
// live channel itself: no screen waits for them (lib/deferred-part.tsx, docs/performance.md).
const LiveEvents = deferredPart<object>(
  () => import('../../live-events').then((module) => module.LiveEvents),
  null,
);

/**
 * Guard and shell of /app. A signed-out visitor goes to /login and the page is
 * remembered (unless they just logged out on purpose, or closed their account: then the landing page);
 * a signed-in user whose role is not in a
 * route's `handle.allowedRoles` goes to /unauthorized. The server enforces the same rules on every call.
 */
export default function AppRoot() {
  const { user, status, signedOutByUser, accountClosed } = useAuth();
  const location = useLocation();
  const matches = useMatches();
  const decision = decideAccess(status, user, allowedRolesOf(matches));

  if (decision === 'loading') {
    return (
      <div className="grid min-h-dvh place-items-center bg-slate-50">
        <Spinner label={t('Loading...')} />
      </div>
    );
  }
  // A closed account has nothing left to sign in to: the landing page, where its toast says so.
  if (accountClosed) return <Navigate to="/" replace />;
  if (decision === 'login' || !user) {
    return <Navigate to="/login" state={signedOutByUser ? null : { from: location }} replace />;
  }
  if (decision === 'unauthorized') return <Navigate to="/unauthorized" replace />;

  return (
    <LogoutDialogProvider>
      <AppLayout user={user} slots={shellSlots(user)}>
        <LiveEvents />
        <Outlet />
      </AppLayout>
    </LogoutDialogProvider>
  );
}
