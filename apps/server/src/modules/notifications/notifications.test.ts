import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { createTransaction, createUser, get, join, type TestUser } from '../../testing/test-kit.ts';

let app: App;
let creator: TestUser;
let joiner: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createUser(app, 'Ifeoma');
  joiner = await createUser(app, 'Kelechi');
  for (let i = 0; i < 2; i += 1) {
    const { code } = await createTransaction(app, creator);
    await join(app, joiner, code);
  }
});
afterAll(async () => {
  await app.close();
});

describe('notifications', () => {
  it("lists the caller's own notifications, newest first, with unread counts", async () => {
    const res = await get(app, creator, '/api/notifications');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 2, unreadCount: 2 });
    expect(data.notifications[0]).toMatchObject({
      type: 'TRANSACTION_UPDATE',
      title: 'Transaction Activated!',
      isRead: false,
      metadata: { transactionStatus: 'ACTIVE', actionRequired: true, nextAction: 'Proceed with Payment' },
    });
    expect((await get(app, joiner, '/api/notifications')).json().data.total).toBe(0);
  });

  it('marks read, marks all read, deletes and clears; another user gets 404', async () => {
    const list = (await get(app, creator, '/api/notifications')).json().data.notifications;
    const first = list[0].id;
    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/notifications/${first}/read`,
      headers: joiner.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const read = await app.inject({
      method: 'PUT',
      url: `/api/notifications/${first}/read`,
      headers: creator.headers,
    });
    expect(read.json().data.notification.isRead).toBe(true);
    expect((await get(app, creator, '/api/notifications?unreadOnly=true')).json().data.total).toBe(1);
    const all = await app.inject({
      method: 'PUT',
      url: '/api/notifications/mark-all-read',
      headers: creator.headers,
    });
    expect(all.json().data.updated).toBe(1);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/notifications/${first}`, headers: joiner.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/notifications/${first}`, headers: creator.headers }))
        .statusCode,
    ).toBe(200);
    const cleared = await app.inject({
      method: 'DELETE',
      url: '/api/notifications',
      headers: creator.headers,
    });
    expect(cleared.json().data.deleted).toBe(1);
    expect((await get(app, creator, '/api/notifications?limit=500')).statusCode).toBe(400);
  });
});
