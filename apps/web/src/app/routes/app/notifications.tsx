import { useEffect } from 'react';
import { NotificationsPage as Page } from '../../../features/notifications/components/notifications-page';

export default function NotificationsPage() {
  useEffect(() => {
    document.title = 'Notifications — Amana Escrow';
  }, []);
  return <Page />;
}
