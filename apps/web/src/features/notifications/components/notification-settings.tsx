import { useState } from 'react';
import { toast } from 'sonner';
import { NOTIFICATION_PREFERENCE_IDS } from '@escrow/shared/domain/notifications';
import { NOTIFICATION_PREFERENCE_META, NOTIFICATION_TEXT } from '@escrow/shared/texts/notifications';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { cn } from '../../../lib/cn';
import { useNotificationPreferences, useUpdatePreference } from '../api/notifications';

/**
 * The Settings tab: the five categories (saved on the server), and the browser's permission for
 * notifications while the tab is hidden. Dispute events and deadlines are always sent.
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const update = useUpdatePreference();

  if (preferences.isPending) return <LoadingPanel label="Loading settings..." />;
  if (preferences.isError)
    return (
      <ErrorPanel
        error={new Error(NOTIFICATION_TEXT.unavailable)}
        onRetry={() => void preferences.refetch()}
      />
    );

  return (
    <div className="space-y-4">
      <Card>
        <CardTitle>What interrupts you</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          A category turned off raises no pop-up or e-mail; its notifications still appear in the list.
          Disputes and deadlines (such as the automatic release of a payment) are always sent.
        </p>
        <ul className="mt-4 divide-y divide-slate-100">
          {NOTIFICATION_PREFERENCE_IDS.map((id) => {
            const on = preferences.data[id];
            const meta = NOTIFICATION_PREFERENCE_META[id];
            return (
              <li key={id} className="flex items-center justify-between gap-4 py-3">
                <div>
                  <p id={`pref-${id}`} className="text-sm font-medium text-slate-900">
                    {meta.label}
                  </p>
                  <p id={`pref-${id}-hint`} className="text-xs text-slate-600">
                    {meta.description}
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
                        onSuccess: () => toast.success(NOTIFICATION_TEXT.settingUpdated),
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
      <CardTitle>Browser notifications</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {!supported
          ? 'This browser does not show notifications.'
          : permission === 'granted'
            ? 'On: while this tab is in the background, new notifications also appear on your screen.'
            : permission === 'denied'
              ? 'Blocked in this browser. Allow notifications for this site in the browser’s settings to turn them on.'
              : 'Show notifications on your screen while this tab is in the background.'}
      </p>
      {supported && permission === 'default' ? (
        <Button
          className="mt-3"
          variant="secondary"
          onClick={() => void Notification.requestPermission().then(setPermission)}
        >
          Allow browser notifications
        </Button>
      ) : null}
    </Card>
  );
}
