import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { checklist, createUser, driveTo, get, put } from '../../testing/test-kit.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('SYSTEM messages', () => {
  it('every lifecycle step once the conversation is open speaks in it, as both parties see it', async () => {
    const parties = { buyer: await createUser(app, 'Bisi'), seller: await createUser(app, 'Chidi') };
    const id = await driveTo(app, parties, 'WAITING_FOR_BUYER_CONFIRMATION', { useCourier: true });
    expect(
      (await put(app, parties.buyer, `/api/transactions/${id}/confirm-receipt`, checklist)).statusCode,
    ).toBe(200);
    const activities = (await get(app, parties.buyer, `/api/transactions/${id}/activities`)).json().data
      .activities as { action: string; description: string }[];
    // Oldest first; the creation happened before there was anyone to talk to.
    const steps = activities
      .filter((a) => a.action !== 'transaction_created')
      .map((a) => a.description)
      .reverse();
    expect(steps.length).toBeGreaterThanOrEqual(5);
    for (const viewer of [parties.buyer, parties.seller]) {
      const page = (await get(app, viewer, `/api/messages/transactions/${id}?limit=100`)).json().data;
      const system = (
        page.messages as { messageType: string; content: string; senderId: string | null }[]
      ).filter((m) => m.messageType === 'SYSTEM');
      expect(system.map((m) => m.content)).toEqual(steps);
      expect(system.every((m) => m.senderId === null)).toBe(true);
    }
    // SYSTEM messages move nobody's unread count.
    const unread = (await get(app, parties.seller, '/api/messages/unread-count')).json().data.unreadCount;
    expect(unread).toBe(0);
  });
});
