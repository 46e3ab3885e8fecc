import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { NotificationSettings } from './notification-settings';
import { NotificationsList } from './notifications-list';

const TABS: TabItem[] = [
  { value: 'notifications', label: 'Notifications', content: <NotificationsList /> },
  { value: 'settings', label: 'Settings', content: <NotificationSettings /> },
];

/** /app/notifications: tabs Notifications and Settings. */
export function NotificationsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
      <Tabs label="Notifications sections" tabs={TABS} />
    </div>
  );
}
