import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { Language } from '@escrow/shared/i18n/languages';
import { AUTH_TEXT, type PublicUser } from '@escrow/shared/schemas/auth';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/profile';

/**
 * The Preferences tab: the language, the notification categories (the notifications feature's own
 * settings, handed in by the route so the two features stay apart) and 'hide amounts by default'.
 */
export function PreferencesTab({
  user,
  onSaved,
  notificationSettings,
}: {
  user: PublicUser;
  onSaved: (user: PublicUser) => void;
  notificationSettings: ReactNode;
}) {
  const update = useUpdateProfile(onSaved);
  const saveLanguage = useUpdateProfile(onSaved);
  const on = user.hideAmounts;
  // The switcher has already switched the screens (and this device remembers it); the account keeps it
  // for the e-mails, the notices and the next device. The page renders again in the new language
  // meanwhile, so the outcome is said from the request's promise, not from this (gone) render's callbacks.
  const chooseLanguage = (language: Language) =>
    saveLanguage.mutateAsync({ language }).then(
      () => void toast.success(t(AUTH_TEXT.profileUpdated)),
      () => void toast.error(t('Failed to update profile. Please try again.')),
    );
  return (
    <div className="space-y-4">
      <Card>
        <CardTitle>{t('Language')}</CardTitle>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
          <p className="text-xs text-slate-600">
            {t('The language of your screens, e-mails and notifications.')}
          </p>
          <LanguageSwitcher onChange={chooseLanguage} />
        </div>
      </Card>
      <Card>
        <CardTitle>{t('Privacy')}</CardTitle>
        <div className="mt-3 flex items-center justify-between gap-4">
          <div>
            <p id="pref-hide-amounts" className="text-sm font-medium text-slate-900">
              {t('Hide amounts by default')}
            </p>
            <p id="pref-hide-amounts-hint" className="text-xs text-slate-600">
              {t('Wallet balances start masked on every device; reveal them with the eye button.')}
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby="pref-hide-amounts"
            aria-describedby="pref-hide-amounts-hint"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { hideAmounts: !on },
                {
                  onSuccess: () => toast.success(t(AUTH_TEXT.profileUpdated)),
                  onError: () => toast.error(t('Failed to update profile. Please try again.')),
                },
              )
            }
            className={cn(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
              on ? 'bg-brand-700' : 'bg-slate-400',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
                on ? 'translate-x-5' : 'translate-x-0.5',
              )}
            />
          </button>
        </div>
      </Card>
      {notificationSettings}
    </div>
  );
}
