import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { checklist, createUser, driveTo, get, post, put, type TestUser } from '../../testing/test-kit.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function pair() {
  return { buyer: await createUser(app, 'Bisi'), seller: await createUser(app, 'Chidi') };
}
const titles = async (user: TestUser) =>
  ((await get(app, user, '/api/notifications')).json().data.notifications as { title: string }[]).map(
    (n) => n.title,
  );

describe('money notifications by e-mail', () => {
  it.each([
    [
      'the seller, when the buyer pays into escrow',
      'WAITING_FOR_SHIPMENT',
      'seller',
      'Payment secured in escrow',
    ],
    ['the buyer, when the seller ships', 'WAITING_FOR_BUYER_CONFIRMATION', 'buyer', 'Your item has shipped'],
    ['the seller, when the buyer confirms receipt', 'COMPLETED', 'seller', 'Funds released'],
  ] as const)(
    'e-mails %s, with a link to the transaction; never the actor',
    async (_label, until, who, title) => {
      const parties = await pair();
      const id = await driveTo(
        app,
        parties,
        until === 'COMPLETED' ? 'WAITING_FOR_BUYER_CONFIRMATION' : until,
      );
      if (until === 'COMPLETED')
        expect(
          (await put(app, parties.buyer, `/api/transactions/${id}/confirm-receipt`, checklist)).statusCode,
        ).toBe(200);
      const mails = await mailsTo(app, parties[who].email, { subject: title });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`/app/transactions/${id}`);
      const actor = who === 'seller' ? parties.buyer : parties.seller;
      expect(await mailsTo(app, actor.email, { subject: title, atLeast: 1, timeoutMs: 300 })).toEqual([]);
    },
  );

  it('a muted category sends no e-mail, and the notification stays in the list', async () => {
    const parties = await pair();
    await put(app, parties.seller, '/api/notifications/preferences', { payment_alerts: false });
    await driveTo(app, parties, 'WAITING_FOR_SHIPMENT');
    expect(await titles(parties.seller)).toContain('Payment secured in escrow');
    expect(
      await mailsTo(app, parties.seller.email, { subject: 'Payment secured in escrow', timeoutMs: 500 }),
    ).toEqual([]);
  });

  it('follows the e-mail channel the recipient chose for each category: chat messages only once chosen', async () => {
    const parties = await pair();
    const id = await driveTo(app, parties, 'ACTIVE');
    const chat = (content: string) =>
      post(app, parties.buyer, '/api/messages', { transactionId: id, content });
    expect((await chat('Is it still available?')).statusCode).toBe(201);
    const subject = (await titles(parties.seller)).find((t) => t.startsWith('New message from Bisi'))!;
    expect(subject).toBeDefined();
    expect(await mailsTo(app, parties.seller.email, { subject, timeoutMs: 500 })).toEqual([]);

    const chosen = await put(app, parties.seller, '/api/notifications/channels', {
      message_notifications: { email: true },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await chat('I can pick it up on Friday')).statusCode).toBe(201);
    const mails = await mailsTo(app, parties.seller.email, { subject });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('I can pick it up on Friday');
  });
});
