import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { NOTIFICATION_PREFERENCE_IDS } from '@escrow/shared/domain/notifications';
import {
  NOTIFICATION_CHANNEL_TEXT,
  NOTIFICATION_PREFERENCE_META,
  NOTIFICATION_TEXT,
} from '@escrow/shared/texts/notifications';
import { PHONE_SETUP_URL, PHONE_TEXT } from '@escrow/shared/texts/phone';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { usePhoneStatus } from '../../../lib/account-security-query';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { failureText } from '../../../lib/money-mutation';
import { useNotificationPreferences, useUpdateChannel, useUpdatePreference } from '../api/notifications';
import { ChannelChoices } from './channel-choices';

/**
 * The Settings tab: the five categories (saved on the server) with, for each, the channels beside
 * in-app (e-mail, and SMS and WhatsApp once a phone is verified), and the browser's
 * permission for notifications while the tab is hidden. Dispute events and deadlines are always sent.
 */
export function NotificationSettings() {
  const phoneNoteId = useId();
  const preferences = useNotificationPreferences();
  const update = useUpdatePreference();
  const updateChannel = useUpdateChannel();
  const phone = usePhoneStatus();
  const phoneVerified = !!phone.data?.phone && !!phone.data.verifiedAt;
  // Said once for the card; each SMS and WhatsApp box is described by it.
  const phoneNote = !phone.isPending && !phoneVerified ? phoneNoteId : undefined;
  const [channelError, setChannelError] = useState<string | null>(null);

  if (preferences.isPending) return <LoadingPanel label={t('Loading settings...')} />;
  if (preferences.isError)
    return (
      <ErrorPanel
        error={new Error(t(NOTIFICATION_TEXT.unavailable))}
        onRetry={() => void preferences.refetch()}
      />
    );

  return (
    <div className="space-y-4">
      <Card>
        <CardTitle>{t('What interrupts you')}</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          {t(
            'A category turned off raises no pop-up or e-mail; its notifications still appear in the list. Disputes and deadlines (such as the automatic release of a payment) are always sent.',
          )}
        </p>
        {phoneNote ? (
          <p id={phoneNote} className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            {t(PHONE_TEXT.channelsNeedPhone)}{' '}
            <Link to={PHONE_SETUP_URL} className="font-medium text-brand-800 underline">
              {t(PHONE_TEXT.verifyYourPhone)}
            </Link>
          </p>
        ) : null}
        {channelError ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {channelError}
          </p>
        ) : null}
        <ul className="mt-4 divide-y divide-slate-100">
          {NOTIFICATION_PREFERENCE_IDS.map((id) => {
            const on = preferences.data.preferences[id];
            const meta = NOTIFICATION_PREFERENCE_META[id];
            return (
              <li key={id} className="py-3">
                <div className="flex items-center justify-between gap-4">
                  <div>
                    <p id={`pref-${id}`} className="text-sm font-medium text-slate-900">
                      {t(meta.label)}
                    </p>
                    <p id={`pref-${id}-hint`} className="text-xs text-slate-600">
                      {t(meta.description)}
                    </p>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={on}
                    aria-labelledby={`pref-${id}`}
                    aria-describedby={`pref-${id}-hint`}
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate(
                        { id, on: !on },
                        {
                          onSuccess: () => toast.success(t(NOTIFICATION_TEXT.settingUpdated)),
                          onError: (error) => toast.error(error.message),
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
                <ChannelChoices
                  categoryId={id}
                  categoryLabel={t(meta.label)}
                  choice={preferences.data.channels[id]}
                  phoneVerified={phoneVerified}
                  phoneNoteId={phoneNote}
                  busy={updateChannel.isPending || phone.isPending}
                  onToggle={(channel, next) => {
                    setChannelError(null);
                    updateChannel.mutate(
                      { id, channel, on: next },
                      {
                        onSuccess: () => toast.success(t(NOTIFICATION_CHANNEL_TEXT.channelUpdated)),
                        onError: (error) =>
                          setChannelError(failureText(error, t(NOTIFICATION_TEXT.unavailable))),
                      },
                    );
                  }}
                />
              </li>
            );
          })}
        </ul>
      </Card>
      <BrowserPermission />
    </div>
  );
}

function BrowserPermission() {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  return (
    <Card>
      <CardTitle>{t('Browser notifications')}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {!supported
          ? t('This browser does not show notifications.')
          : permission === 'granted'
            ? t('On: while this tab is in the background, new notifications also appear on your screen.')
            : permission === 'denied'
              ? t(
                  'Blocked in this browser. Allow notifications for this site in the browser’s settings to turn them on.',
                )
              : t('Show notifications on your screen while this tab is in the background.')}
      </p>
      {supported && permission === 'default' ? (
        <Button
          className="mt-3"
          variant="secondary"
          onClick={() => void Notification.requestPermission().then(setPermission)}
        >
          {t('Allow browser notifications')}
        </Button>
      ) : null}
    </Card>
  );
}
