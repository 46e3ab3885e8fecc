import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { NotificationSettings } from '../../../features/notifications/components/notification-settings';
import { ProfilePage as Page } from '../../../features/profile/components/profile-page';

/** Composes the profile feature with the notification preferences (features never import each other). */
export default function ProfilePage() {
  const { user, setUser, closeAccount } = useAuth();
  useEffect(() => {
    document.title = 'Profile — Amana Escrow';
  }, []);
  // Closing signs the app out and the /app guard then goes to the landing page (lib/auth).
  return (
    <Page
      user={user}
      onUserChange={setUser}
      closeAccount={closeAccount}
      notificationSettings={<NotificationSettings />}
    />
  );
}
