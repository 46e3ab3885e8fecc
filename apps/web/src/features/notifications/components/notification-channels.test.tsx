import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationChannels,
} from '@escrow/shared/domain/notifications';
import { fail, ok, renderAt, stubApi } from '../../../testing/render-at';
import { NotificationSettings } from './notification-settings';

/**
 * Per category, the channels beside in-app (always): e-mail, and SMS and WhatsApp only with a
 * verified phone; the server's refusal is said on the card.
 */
const phoneNone = { phone: null, verifiedAt: null, pending: null };
const phoneVerified = { phone: '+234 *** *** 4567', verifiedAt: '2026-03-01T10:00:00.000Z', pending: null };

function stubSettings(phone: object, put: Parameters<typeof stubApi>[0][string]) {
  let channels: NotificationChannels = DEFAULT_NOTIFICATION_CHANNELS;
  const api = stubApi({
    'GET /api/auth/phone': () => ok(phone),
    'GET /api/notifications/preferences': () =>
      ok({ preferences: DEFAULT_NOTIFICATION_PREFERENCES, channels }),
    'PUT /api/notifications/channels': async (call) => {
      const answer = await put(call);
      if (answer.status === undefined || answer.status < 400)
        channels = (answer.body as { data: { channels: NotificationChannels } }).data.channels;
      return answer;
    },
  });
  renderAt(<NotificationSettings />, { path: '/app/notifications' });
  return { ...api, user: userEvent.setup() };
}

/** The server's answer to a channel change: the change applied to the defaults. */
const applied = (body: unknown) => {
  const [[id, change]] = Object.entries(body as Record<string, object>) as [
    [keyof NotificationChannels, object],
  ];
  return ok({
    preferences: DEFAULT_NOTIFICATION_PREFERENCES,
    channels: { ...DEFAULT_NOTIFICATION_CHANNELS, [id]: { ...DEFAULT_NOTIFICATION_CHANNELS[id], ...change } },
  });
};

const channelsOf = (category: string) => screen.getByRole('group', { name: `${category}: also send by` });

describe('notification channels', () => {
  it('without a verified phone: SMS and WhatsApp are disabled, with the reason and a link to verify', async () => {
    const { calls, user } = stubSettings(phoneNone, ({ body }) => applied(body));
    const payments = within(await screen.findByRole('group', { name: 'Payment alerts: also send by' }));
    // In-app is always on; e-mail as the defaults say.
    expect(payments.getByRole('checkbox', { name: 'In-app' })).toBeChecked();
    expect(payments.getByRole('checkbox', { name: 'In-app' })).toBeDisabled();
    expect(payments.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    for (const name of ['SMS', 'WhatsApp']) {
      const box = payments.getByRole('checkbox', { name });
      await waitFor(() => expect(box).toBeDisabled());
      expect(box).not.toBeChecked();
      expect(box).toHaveAccessibleDescription(/SMS and WhatsApp need a verified phone number/);
    }
    expect(screen.getByRole('link', { name: 'Verify your phone' })).toHaveAttribute(
      'href',
      '/app/profile?tab=security',
    );

    // E-mail still changes, one channel of one category at a time.
    await user.click(payments.getByRole('checkbox', { name: 'E-mail' }));
    await waitFor(() => expect(payments.getByRole('checkbox', { name: 'E-mail' })).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ payment_alerts: { email: false } });
    expect(await screen.findByText('Channels updated')).toBeInTheDocument();
  });

  it('with a verified phone: SMS turns on for one category', async () => {
    const { calls, user } = stubSettings(phoneVerified, ({ body }) => applied(body));
    await screen.findByRole('group', { name: 'Shipping updates: also send by' });
    const sms = within(channelsOf('Shipping updates')).getByRole('checkbox', { name: 'SMS' });
    await waitFor(() => expect(sms).toBeEnabled());
    expect(screen.queryByRole('link', { name: 'Verify your phone' })).not.toBeInTheDocument();
    await user.click(sms);
    await waitFor(() => expect(sms).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ shipping_updates: { sms: true } });
    // Only that category changed.
    expect(within(channelsOf('Payment alerts')).getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
  });

  it("shows the server's refusal on the card and leaves the choice as it was", async () => {
    const { user } = stubSettings(phoneVerified, () =>
      fail(409, 'Verify your phone number first to get text messages.', 'PHONE_NOT_VERIFIED'),
    );
    await screen.findByRole('group', { name: 'Message notifications: also send by' });
    const whatsapp = within(channelsOf('Message notifications')).getByRole('checkbox', { name: 'WhatsApp' });
    await waitFor(() => expect(whatsapp).toBeEnabled());
    await user.click(whatsapp);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verify your phone number first to get text messages.',
    );
    expect(whatsapp).not.toBeChecked();
  });
});
