import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  DEFAULT_NOTIFICATION_PREFERENCES,
} from '@escrow/shared/schemas/notifications';
import { PHONE_TEXT } from '@escrow/shared/schemas/phone';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { verifyPhone } from '../phone/phone.test-support.ts';
import { createUser, get, put, type TestUser } from '../../testing/test-kit.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const setChannels = (user: TestUser, body: unknown) => put(app, user, '/api/notifications/channels', body);

describe('notification channels', () => {
  it('answer beside the preferences: e-mail for payments and shipping by default, no text messages', async () => {
    const user = await createUser(app, 'Chioma');
    const res = await get(app, user, '/api/notifications/preferences');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      preferences: DEFAULT_NOTIFICATION_PREFERENCES,
      channels: DEFAULT_NOTIFICATION_CHANNELS,
    });
    const muted = await put(app, user, '/api/notifications/preferences', { system_alerts: false });
    expect(muted.json().data).toEqual({
      preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, system_alerts: false },
      channels: DEFAULT_NOTIFICATION_CHANNELS,
    });
  });

  it('merge channel by channel, leaving the preferences and the other choices as they were', async () => {
    const user = await createUser(app, 'Obinna');
    await put(app, user, '/api/notifications/preferences', { message_notifications: false });
    const first = await setChannels(user, { transaction_updates: { email: true } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await setChannels(user, {
      payment_alerts: { email: false },
      system_alerts: { email: true },
    });
    expect(second.json().data).toEqual({
      preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, message_notifications: false },
      channels: {
        ...DEFAULT_NOTIFICATION_CHANNELS,
        transaction_updates: { email: true, sms: false, whatsapp: false },
        payment_alerts: { email: false, sms: false, whatsapp: false },
        system_alerts: { email: true, sms: false, whatsapp: false },
      },
    });
    expect((await get(app, user, '/api/notifications/preferences')).json().data).toEqual(second.json().data);
  });

  it('refuse SMS or WhatsApp without a verified phone (409), and take them with one', async () => {
    const user = await createUser(app, 'Yemi');
    for (const body of [
      { payment_alerts: { sms: true } },
      { shipping_updates: { email: true, whatsapp: true } },
    ]) {
      const refused = await setChannels(user, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'PHONE_NOT_VERIFIED', error: PHONE_TEXT.notVerified });
    }
    // Turning them off never needs a phone.
    expect((await setChannels(user, { payment_alerts: { sms: false } })).statusCode).toBe(200);
    expect((await get(app, user, '/api/notifications/preferences')).json().data.channels).toEqual(
      DEFAULT_NOTIFICATION_CHANNELS,
    );

    await verifyPhone(app, user);
    const taken = await setChannels(user, {
      payment_alerts: { sms: true },
      shipping_updates: { whatsapp: true },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.channels).toMatchObject({
      payment_alerts: { email: true, sms: true, whatsapp: false },
      shipping_updates: { email: true, sms: false, whatsapp: true },
    });

    // Removing the phone turns text messages off everywhere, e-mail choices kept.
    const removed = await app.inject({ method: 'DELETE', url: '/api/auth/phone', headers: user.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(app, user, '/api/notifications/preferences')).json().data.channels).toEqual(
      DEFAULT_NOTIFICATION_CHANNELS,
    );
  });

  it.each([
    ['nothing', {}],
    ['an empty category', { payment_alerts: {} }],
    ['an unknown category', { dispute_alerts: { email: true } }],
    ['an unknown channel', { payment_alerts: { fax: true } }],
    ['in-app, which is always on', { payment_alerts: { inApp: false } }],
    ['a string for a boolean', { payment_alerts: { sms: 'yes' } }],
    ['null for a category', { payment_alerts: null }],
    ['an array', [{ payment_alerts: { email: true } }]],
    ['a huge key', { ['x'.repeat(20_000)]: { email: true } }],
  ])('refuse %s with a 400 envelope', async (_label, body) => {
    const user = await createUser(app, 'Hostile');
    const res = await setChannels(user, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
