import type { ReactNode } from 'react';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import { Tabs } from '../../../components/ui/tabs';
import { t } from '../../../lib/i18n';
import { EmailTestTab } from './email-test-tab';
import { PreferencesTab } from './preferences-tab';
import { PrivacyTab } from './privacy-tab';
import type { RunAccountClosing } from '../api/privacy';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const isStaff = (user: PublicUser) => user.role === 'SUPPORT' || user.role === 'ADMIN';

/**
 * /app/profile: tabs Profile, Security, Preferences, Privacy (docs/privacy.md) and, for staff
 * only, Email Test. `onUserChange` replaces the app's copy of the user, so the top
 * bar follows; `closeAccount` runs the closing request (the app signs out when it succeeds). The open
 * tab is the route's (`?tab=security`), so a link can open one: the console's "set up two-factor
 * sign-in", the notification settings' "verify your phone".
 */
export function ProfilePage({
  user,
  onUserChange,
  closeAccount,
  notificationSettings,
  tab,
  onTabChange,
}: {
  user: PublicUser | null;
  onUserChange: (user: PublicUser) => void;
  closeAccount: RunAccountClosing;
  notificationSettings: ReactNode;
  tab: string | null;
  onTabChange: (tab: string) => void;
}) {
  if (!user)
    return <p className="p-6 text-center text-slate-700">{t('Please log in to view your profile')}</p>;
  const tabs = [
    { value: 'profile', label: t('Profile'), content: <ProfileTab user={user} onSaved={onUserChange} /> },
    { value: 'security', label: t('Security'), content: <SecurityTab user={user} /> },
    {
      value: 'preferences',
      label: t('Preferences'),
      content: (
        <PreferencesTab user={user} onSaved={onUserChange} notificationSettings={notificationSettings} />
      ),
    },
    {
      value: 'privacy',
      label: t('Privacy'),
      content: <PrivacyTab staff={isStaff(user)} consent={user.privacyConsent} closeAccount={closeAccount} />,
    },
    ...(isStaff(user)
      ? [{ value: 'email', label: t('Email Test'), content: <EmailTestTab email={user.email} /> }]
      : []),
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('Profile')}</h1>
      <Tabs
        label={t('Profile sections')}
        tabs={tabs}
        value={tabs.find((item) => item.value === tab)?.value ?? 'profile'}
        onValueChange={onTabChange}
      />
    </div>
  );
}
