import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENTS } from '@escrow/shared/events';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@escrow/shared/schemas/notifications';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { createTransaction, createUser, get, join, put, type TestUser } from '../../testing/test-kit.ts';
import { pushNotification } from './notifications.push.ts';

let app: App;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, 'Ifeoma');
  other = await createUser(app, 'Kelechi');
  for (let i = 0; i < 3; i += 1) {
    const { code } = await createTransaction(app, owner);
    await join(app, other, code);
  }
});
afterAll(async () => {
  await app.close();
});

describe('the unread count and the filters', () => {
  it('counts only the caller’s unread notifications, and filters read from unread with paging', async () => {
    expect((await get(app, owner, '/api/notifications/unread-count')).json().data).toEqual({
      unreadCount: 3,
    });
    expect((await get(app, other, '/api/notifications/unread-count')).json().data).toEqual({
      unreadCount: 0,
    });
    const first = (await get(app, owner, '/api/notifications')).json().data.notifications[0].id;
    await put(app, owner, `/api/notifications/${first}/read`, {});

    const unread = (await get(app, owner, '/api/notifications?filter=unread')).json().data;
    expect(unread.notifications.map((n: { isRead: boolean }) => n.isRead)).toEqual([false, false]);
    expect(unread).toMatchObject({ total: 2, unreadCount: 2, hasMore: false });
    const read = (await get(app, owner, '/api/notifications?filter=read')).json().data;
    expect(read.notifications.map((n: { id: string }) => n.id)).toEqual([first]);
    const page = (await get(app, owner, '/api/notifications?limit=2')).json().data;
    expect(page).toMatchObject({ total: 3, hasMore: true });
    expect(page.notifications).toHaveLength(2);
    expect((await get(app, owner, '/api/notifications?limit=2&page=2')).json().data.hasMore).toBe(false);
    expect((await get(app, owner, '/api/notifications?filter=archived')).statusCode).toBe(400);
  });
});

describe('notification preferences', () => {
  it('are all on by default, take any subset, and answer the whole object', async () => {
    const initial = await get(app, owner, '/api/notifications/preferences');
    expect(initial.json().data.preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const off = await put(app, owner, '/api/notifications/preferences', { payment_alerts: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Notification setting updated',
      data: { preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, payment_alerts: false } },
    });
    const second = await put(app, owner, '/api/notifications/preferences', {
      shipping_updates: false,
      payment_alerts: true,
    });
    expect(second.json().data.preferences).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      shipping_updates: false,
    });
    // Another user's preferences are their own.
    expect((await get(app, other, '/api/notifications/preferences')).json().data.preferences).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
  });

  it.each([
    ['an unknown key', { email_everything: true }],
    ['a non-boolean', { payment_alerts: 'no' }],
    ['nothing', {}],
    ['an array', [true]],
    ['a prototype key', JSON.parse('{"__proto__": {"payment_alerts": false}}')],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const before = (await get(app, other, '/api/notifications/preferences')).json().data.preferences;
    const res = await put(app, other, '/api/notifications/preferences', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().success).toBe(false);
    expect((await get(app, other, '/api/notifications/preferences')).json().data.preferences).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/notifications/preferences' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode).toBe(
      401,
    );
  });
});

describe('pushing a notification', () => {
  it.each([
    ['TRANSACTION_UPDATE', SERVER_EVENTS.transactionUpdate],
    ['PAYMENT', SERVER_EVENTS.paymentUpdate],
    ['MESSAGE', SERVER_EVENTS.messageNotification],
    ['SHIPPING', SERVER_EVENTS.shippingUpdate],
    ['SYSTEM', SERVER_EVENTS.systemNotification],
    ['DISPUTE', null],
  ] as const)('a %s notification goes out as its typed event and as `notification`', (type, typed) => {
    const sent: [string, string][] = [];
    const note = {
      id: 'n1',
      userId: 'u1',
      transactionId: null,
      type,
      title: 't',
      message: 'm',
      isRead: false,
      priority: 'LOW' as const,
      metadata: {},
      createdAt: '',
      updatedAt: '',
    };
    pushNotification({ toUser: (userId, event) => void sent.push([userId, event]) }, note);
    expect(sent).toEqual([...(typed ? [['u1', typed]] : []), ['u1', 'notification']]);
  });
});
