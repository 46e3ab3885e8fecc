import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { smsMessages } from '../../db/schema/phone.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { checklist, createUser, driveTo, get, put, type TestUser } from '../../testing/test-kit.ts';
import { textMessageOutboxState } from './phone.backlog.ts';
import { deliverDueTextMessages, TEXT_MESSAGE_MAX_ATTEMPTS } from './phone.delivery.ts';
import { textMessageBody } from './phone.outbox.ts';
import type { MessagingProvider } from './phone.provider.ts';
import { downProvider, textsTo, verifyPhone } from './phone.test-support.ts';

let app: App;
let sandbox: MessagingProvider;
const realNow = () => new Date();

beforeAll(async () => {
  app = await createTestApp();
  sandbox = app.deps.messaging;
});
afterEach(() => {
  app.deps.clock.now = realNow;
  app.deps.messaging = sandbox;
});
afterAll(async () => {
  await app.close();
});

async function pair() {
  return { buyer: await createUser(app, 'Bisi'), seller: await createUser(app, 'Chidi') };
}
const setChannels = async (user: TestUser, body: object) => {
  const res = await put(app, user, '/api/notifications/channels', body);
  expect(res.statusCode, res.body).toBe(200);
};
const rowsOf = (user: TestUser) =>
  app.deps.db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.userId, user.id))
    .orderBy(smsMessages.createdAt);
const link = (id: string) => `${app.deps.config.publicUrl}/app/transactions/${id}`;

describe('text messages follow the channels chosen', () => {
  it('a payment goes by SMS only to a seller who chose SMS instead of e-mail, with the right text', async () => {
    const parties = await pair();
    const phone = await verifyPhone(app, parties.seller);
    await setChannels(parties.seller, { payment_alerts: { email: false, sms: true } });
    const id = await driveTo(app, parties, 'WAITING_FOR_SHIPMENT');

    const [row, ...more] = await rowsOf(parties.seller);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ channel: 'SMS', toPhone: phone, status: 'PENDING', attempts: 0 });
    expect(row!.body).toBe(`Amana: Payment secured in escrow ${link(id)}`);
    expect(row!.body.length).toBeLessThanOrEqual(160);
    expect(row!.body).not.toMatch(/₦|\d{1,3}(,\d{3})+/); // no amount

    await deliverDueTextMessages(app.deps);
    const texts = (await textsTo(app, phone)).filter((t) => !/verification code/.test(t.body));
    expect(texts).toEqual([expect.objectContaining({ to: phone, channel: 'SMS', body: row!.body })]);
    const [sent] = await rowsOf(parties.seller);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, providerMessageId: texts[0]!.messageId });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(
      await mailsTo(app, parties.seller.email, { subject: 'Payment secured in escrow', timeoutMs: 400 }),
    ).toEqual([]);
    // The buyer chose nothing: no text messages.
    expect(await rowsOf(parties.buyer)).toEqual([]);
  });

  it('shipping goes by e-mail (the default) and by WhatsApp and SMS to a buyer who added both', async () => {
    const parties = await pair();
    const phone = await verifyPhone(app, parties.buyer);
    await setChannels(parties.buyer, { shipping_updates: { sms: true, whatsapp: true } });
    const id = await driveTo(app, parties, 'WAITING_FOR_BUYER_CONFIRMATION');
    const rows = await rowsOf(parties.buyer);
    expect(rows.map((r) => r.channel).sort()).toEqual(['SMS', 'WHATSAPP']);
    expect(
      rows.every((r) => r.body === `Amana: Your item has shipped ${link(id)}` && r.toPhone === phone),
    ).toBe(true);
    expect(await mailsTo(app, parties.buyer.email, { subject: 'Your item has shipped' })).toHaveLength(1);
  });

  it('e-mail follows the channels too: turned off it sends none, turned on for a category it sends', async () => {
    const parties = await pair();
    await setChannels(parties.seller, { payment_alerts: { email: false } });
    await setChannels(parties.buyer, { transaction_updates: { email: true } });
    const id = await driveTo(app, parties, 'WAITING_FOR_BUYER_CONFIRMATION');
    expect(
      (await put(app, parties.buyer, `/api/transactions/${id}/confirm-receipt`, checklist)).statusCode,
    ).toBe(200);
    // 'Rate your seller' is a transaction update: e-mailed only because the buyer chose it.
    const rate = await mailsTo(app, parties.buyer.email, { subject: 'Rate your seller' });
    expect(rate).toHaveLength(1);
    expect(rate[0]!.text).toContain(link(id));
    expect(await mailsTo(app, parties.seller.email, { subject: 'Funds released', timeoutMs: 400 })).toEqual(
      [],
    );
    const titles = (await get(app, parties.seller, '/api/notifications'))
      .json()
      .data.notifications.map((n: { title: string }) => n.title);
    expect(titles).toContain('Funds released'); // still in the list
  });

  it('a muted category sends no text message, and nothing goes without a verified phone', async () => {
    const parties = await pair();
    await verifyPhone(app, parties.seller);
    await setChannels(parties.seller, { payment_alerts: { sms: true } });
    await put(app, parties.seller, '/api/notifications/preferences', { payment_alerts: false });
    await driveTo(app, parties, 'WAITING_FOR_SHIPMENT');
    expect(await rowsOf(parties.seller)).toEqual([]);

    const others = await pair();
    await verifyPhone(app, others.seller);
    await setChannels(others.seller, { payment_alerts: { sms: true } });
    await app.inject({ method: 'DELETE', url: '/api/auth/phone', headers: others.seller.headers });
    await driveTo(app, others, 'WAITING_FOR_SHIPMENT');
    expect(await rowsOf(others.seller)).toEqual([]);
  });
});

describe('a provider outage', () => {
  it('never fails the money step; the message is retried with backoff and sent once the provider is back', async () => {
    const parties = await pair();
    const phone = await verifyPhone(app, parties.seller);
    await setChannels(parties.seller, { payment_alerts: { sms: true } });
    const down = downProvider();
    app.deps.messaging = down;
    const start = Date.now();
    app.deps.clock.now = () => new Date(start);

    const id = await driveTo(app, parties, 'WAITING_FOR_SHIPMENT'); // every step answered 200
    const view = (await get(app, parties.buyer, `/api/transactions/${id}`)).json().data.transaction;
    expect(view.status).toBe('WAITING_FOR_SHIPMENT');

    await runDueJobs(app.deps); // the scheduler's pass, as the loop runs it
    const [failed] = await rowsOf(parties.seller);
    expect(failed).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'Termii could not be reached',
      lockToken: null,
    });
    expect(failed!.nextAttemptAt!.getTime()).toBe(start + 60_000);
    // The metrics read it as retrying (docs/operations.md, "Metrics").
    expect((await textMessageOutboxState(app.deps.db, new Date(start))).retrying).toBeGreaterThanOrEqual(1);
    const calls = down.calls;
    await deliverDueTextMessages(app.deps); // not due yet
    expect(down.calls).toBe(calls);

    app.deps.messaging = sandbox;
    app.deps.clock.now = () => new Date(start + 61_000);
    await deliverDueTextMessages(app.deps);
    const [sent] = await rowsOf(parties.seller);
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, lastError: null, nextAttemptAt: null });
    expect(sent!.providerMessageId).toMatch(/^sandbox-/);
    expect((await textsTo(app, phone)).filter((t) => t.body === sent!.body)).toHaveLength(1);
  });

  it('gives up after 5 attempts (1 min, 5 min, 30 min, 2 h apart): FAILED, kept for staff', async () => {
    const parties = await pair();
    await verifyPhone(app, parties.seller);
    await setChannels(parties.seller, { payment_alerts: { sms: true } });
    app.deps.messaging = downProvider();
    let at = Date.now();
    app.deps.clock.now = () => new Date(at);
    await driveTo(app, parties, 'WAITING_FOR_SHIPMENT');
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= TEXT_MESSAGE_MAX_ATTEMPTS; attempt += 1) {
      await deliverDueTextMessages(app.deps);
      const [row] = await rowsOf(parties.seller);
      expect(row!.attempts).toBe(attempt);
      if (row!.status === 'FAILED') break;
      gaps.push(row!.nextAttemptAt!.getTime() - at);
      at = row!.nextAttemptAt!.getTime();
    }
    expect(gaps).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    const [row] = await app.deps.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.userId, parties.seller.id), eq(smsMessages.status, 'FAILED')));
    expect(row).toMatchObject({ attempts: 5, nextAttemptAt: null, lastError: 'Termii could not be reached' });
  });
});

describe('the text of a message', () => {
  it('keeps one SMS part (160 characters), shortening a long title and keeping the link', () => {
    const body = textMessageBody(
      { title: 'A very long title '.repeat(10), transactionId: '0190a6f4-1234-7abc-8def-0123456789ab' },
      'https://escrow.example.ng',
    );
    expect(body.length).toBeLessThanOrEqual(160);
    expect(body).toMatch(
      /^Amana: A very long title.*\.\.\. https:\/\/escrow\.example\.ng\/app\/transactions\/0190a6f4-1234-7abc-8def-0123456789ab$/,
    );
    expect(textMessageBody({ title: 'Withdrawal paid', transactionId: null }, 'https://x.ng')).toBe(
      'Amana: Withdrawal paid',
    );
  });
});
