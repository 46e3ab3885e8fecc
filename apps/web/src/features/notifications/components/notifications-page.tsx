import { msg } from '@escrow/shared/i18n/msg';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { t } from '../../../lib/i18n';
import { NotificationSettings } from './notification-settings';
import { NotificationsList } from './notifications-list';

const TABS: TabItem[] = [
  { value: 'notifications', label: msg('Notifications'), content: <NotificationsList /> },
  { value: 'settings', label: msg('Settings'), content: <NotificationSettings /> },
];

/** /app/notifications: tabs Notifications and Settings. */
export function NotificationsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('Notifications')}</h1>
      <Tabs label={t('Notifications sections')} tabs={TABS.map((tab) => ({ ...tab, label: t(tab.label) }))} />
    </div>
  );
}
