import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { NotificationSettings } from '../../../features/notifications/components/notification-settings';
import { ProfilePage as Page } from '../../../features/profile/components/profile-page';

/** Composes the profile feature with the notification preferences (features never import each other). */
export default function ProfilePage() {
  const { user, setUser, closeAccount } = useAuth();
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    document.title = t('Profile — Amana Escrow');
  }, []);
  // Closing signs the app out and the /app guard then goes to the landing page (lib/auth).
  return (
    <Page
      user={user}
      onUserChange={setUser}
      closeAccount={closeAccount}
      notificationSettings={<NotificationSettings />}
      tab={params.get('tab')}
      // Replaced, not pushed: switching tabs does not pile up history entries.
      onTabChange={(tab) => setParams({ tab }, { replace: true })}
    />
  );
}
