import * as Tabs from '@radix-ui/react-tabs';
import { cn } from '../../../lib/cn';
import { NotificationSettings } from './notification-settings';
import { NotificationsList } from './notifications-list';

const TABS = [
  { value: 'notifications', label: 'Notifications', content: <NotificationsList /> },
  { value: 'settings', label: 'Settings', content: <NotificationSettings /> },
] as const;

/** /app/notifications (spec 02 §2.4): tabs Notifications and Settings. */
export function NotificationsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
      <Tabs.Root defaultValue="notifications" className="space-y-4">
        <Tabs.List aria-label="Notifications sections" className="flex gap-1 rounded-xl bg-slate-100 p-1">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className={cn(
                'flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900',
                'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
                'focus-visible:outline-2 focus-visible:outline-brand-600',
              )}
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
            {tab.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
