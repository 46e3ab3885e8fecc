import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AppLayout } from '../../../components/layouts/app-layout';
import { LogoutDialogProvider } from '../../../components/layouts/logout-dialog';
import { useAuth } from '../../../lib/auth/auth-context';
import { AppLiveEvents } from '../../../lib/realtime/app-live-events';
import { NotificationLiveEvents } from '../../../features/notifications/components/notification-live-events';
import { MessageLiveEvents } from '../../../features/messages/lib/use-message-events';
import { allowedRolesOf, decideAccess } from '../../../features/auth/navigation';
import { shellSlots } from '../../shell-slots';

/**
 * Guard and shell of /app (spec 02 §2.1). A signed-out visitor goes to /login and the page is
 * remembered (unless they just logged out on purpose); a signed-in user whose role is not in a
 * route's `handle.allowedRoles` goes to /unauthorized. The server enforces the same rules on every call.
 */
export default function AppRoot() {
  const { user, status, signedOutByUser } = useAuth();
  const location = useLocation();
  const matches = useMatches();
  const decision = decideAccess(status, user, allowedRolesOf(matches));

  if (decision === 'loading') {
    return (
      <div className="grid min-h-dvh place-items-center bg-slate-50">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (decision === 'login' || !user) {
    return <Navigate to="/login" state={signedOutByUser ? null : { from: location }} replace />;
  }
  if (decision === 'unauthorized') return <Navigate to="/unauthorized" replace />;

  return (
    <LogoutDialogProvider>
      <AppLayout user={user} slots={shellSlots(user)}>
        <AppLiveEvents />
        <NotificationLiveEvents />
        <MessageLiveEvents />
        <Outlet />
      </AppLayout>
    </LogoutDialogProvider>
  );
}
