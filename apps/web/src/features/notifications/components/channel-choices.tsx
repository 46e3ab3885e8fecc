import type { ChannelChoice, NotificationChannel } from '@escrow/shared/domain/notifications';
import { NOTIFICATION_CHANNELS } from '@escrow/shared/domain/notifications';
import { NOTIFICATION_CHANNEL_LABELS, NOTIFICATION_CHANNEL_TEXT } from '@escrow/shared/texts/notifications';
import { t } from '../../../lib/i18n';

const TEXT_CHANNELS: ReadonlySet<NotificationChannel> = new Set(['sms', 'whatsapp']);

const box =
  'h-4 w-4 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed';

/**
 * The channels of one category: in-app always, and e-mail, SMS and WhatsApp as chosen. SMS
 * and WhatsApp are disabled without a verified phone, described by the note that says why and links to
 * where the phone is verified (`phoneNoteId`).
 */
export function ChannelChoices({
  categoryId,
  categoryLabel,
  choice,
  phoneVerified,
  phoneNoteId,
  busy,
  onToggle,
}: {
  categoryId: string;
  categoryLabel: string;
  choice: ChannelChoice;
  phoneVerified: boolean;
  phoneNoteId: string | undefined;
  busy: boolean;
  onToggle: (channel: NotificationChannel, on: boolean) => void;
}) {
  return (
    <fieldset className="mt-2">
      <legend className="sr-only">
        {t(NOTIFICATION_CHANNEL_TEXT.channelsOfMessage, { category: categoryLabel })}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700">
        <label className="inline-flex items-center gap-1.5 text-slate-500">
          <input type="checkbox" className={box} checked disabled />
          {t(NOTIFICATION_CHANNEL_TEXT.inApp)}
        </label>
        {NOTIFICATION_CHANNELS.map((channel) => {
          const needsPhone = TEXT_CHANNELS.has(channel) && !phoneVerified;
          const inputId = `channel-${categoryId}-${channel}`;
          return (
            <label
              key={channel}
              htmlFor={inputId}
              className={`inline-flex items-center gap-1.5 ${needsPhone ? 'text-slate-500' : ''}`}
            >
              <input
                id={inputId}
                type="checkbox"
                className={box}
                checked={choice[channel]}
                // Turning one off stays possible without a phone (a number removed after choosing it).
                disabled={busy || (needsPhone && !choice[channel])}
                aria-describedby={needsPhone ? phoneNoteId : undefined}
                onChange={(event) => onToggle(channel, event.target.checked)}
              />
              {t(NOTIFICATION_CHANNEL_LABELS[channel])}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
