import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import { cn } from '../../../lib/cn';
import { EmailTestTab } from './email-test-tab';
import { PreferencesTab } from './preferences-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const isStaff = (user: PublicUser) => user.role === 'SUPPORT' || user.role === 'ADMIN';

/**
 * /app/profile (spec 02 §2.9): tabs Profile, Security, Preferences and, for staff only, Email Test
 * (DESIGN "Profile"). `onUserChange` replaces the app's copy of the user, so the top bar follows.
 */
export function ProfilePage({
  user,
  onUserChange,
  notificationSettings,
}: {
  user: PublicUser | null;
  onUserChange: (user: PublicUser) => void;
  notificationSettings: ReactNode;
}) {
  if (!user) return <p className="p-6 text-center text-slate-700">Please log in to view your profile</p>;
  const tabs = [
    { value: 'profile', label: 'Profile', content: <ProfileTab user={user} onSaved={onUserChange} /> },
    { value: 'security', label: 'Security', content: <SecurityTab user={user} /> },
    {
      value: 'preferences',
      label: 'Preferences',
      content: (
        <PreferencesTab user={user} onSaved={onUserChange} notificationSettings={notificationSettings} />
      ),
    },
    ...(isStaff(user)
      ? [{ value: 'email', label: 'Email Test', content: <EmailTestTab email={user.email} /> }]
      : []),
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
      <Tabs.Root defaultValue="profile" className="space-y-4">
        <Tabs.List
          aria-label="Profile sections"
          className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1"
        >
          {tabs.map((tab) => (
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
        {tabs.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-none">
            {tab.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
