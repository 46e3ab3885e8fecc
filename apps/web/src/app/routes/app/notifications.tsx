import { useEffect } from 'react';
import { t } from '../../../lib/i18n';
import { NotificationsPage as Page } from '../../../features/notifications/components/notifications-page';

export default function NotificationsPage() {
  useEffect(() => {
    document.title = t('Notifications — Amana Escrow');
  }, []);
  return <Page />;
}
