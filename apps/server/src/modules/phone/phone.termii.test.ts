import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_TEXT } from '@escrow/shared/schemas/phone';
import { smsMessages } from '../../db/schema/phone.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, driveTo, put } from '../../testing/test-kit.ts';
import { deliverDueTextMessages } from './phone.delivery.ts';
import { MessagingUnavailable } from './phone.provider.ts';
import { createTermiiMessaging } from './phone.termii.ts';
import { checkCode, sendCode, uniquePhone } from './phone.test-support.ts';

/**
 * A local stand-in for Termii's Messaging API. Bodies follow Termii's documentation:
 * - send: https://developers.termii.com/messaging-api (request `{api_key, to, from, sms, type, channel}`,
 *   answer `{message_id, message: 'Successfully Sent', balance, user}`)
 * - errors: https://developers.termii.com/error (status codes; a `message` such as 'Invalid Sender Id')
 */
const SENT = {
  message_id: '9122821270554876574',
  message: 'Successfully Sent',
  balance: 9,
  user: 'Peter Mcleish',
};

type Seen = { url: string; method: string; body: Record<string, unknown> };
const seen: Seen[] = [];
let behaviour: (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => void = () => {};
let server: Server;
let baseUrl = '';

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      seen.push({ url: req.url ?? '', method: req.method ?? '', body });
      if (body.api_key !== 'TL-test-key') return json(res, 401, { message: 'Unauthorized' });
      behaviour(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const provider = (overrides: Partial<{ apiKey: string; timeoutMs: number; baseUrl: string }> = {}) =>
  createTermiiMessaging(
    { baseUrl, apiKey: 'TL-test-key', senderId: 'Amana', timeoutMs: 2000, ...overrides },
    10,
  );
const sms = { to: '+2348031234567', channel: 'SMS' as const, body: 'Amana: Payment secured in escrow' };

async function unavailable(promise: Promise<unknown>, reason: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MessagingUnavailable);
  expect((error as MessagingUnavailable).reason).toBe(reason);
  // What is stored and logged names neither the key, the number nor the text.
  expect((error as Error).message).not.toMatch(/TL-test-key|2348031234567|Payment secured/);
}

describe('Termii adapter against a stand-in', () => {
  it('sends an SMS on the DND route and a WhatsApp message, and answers Termii’s message id', async () => {
    seen.length = 0;
    behaviour = (_req, res) => json(res, 200, SENT);
    expect(await provider().send(sms)).toEqual({ messageId: '9122821270554876574' });
    expect(await provider().send({ ...sms, channel: 'WHATSAPP' })).toEqual({
      messageId: '9122821270554876574',
    });
    expect(seen).toEqual([
      {
        url: '/api/sms/send',
        method: 'POST',
        body: {
          api_key: 'TL-test-key',
          to: '2348031234567',
          from: 'Amana',
          sms: 'Amana: Payment secured in escrow',
          type: 'plain',
          channel: 'dnd',
        },
      },
      expect.objectContaining({ body: expect.objectContaining({ channel: 'whatsapp' }) }),
    ]);
  });

  it('an error answer is a failure, never retried: refused (4xx), credentials (401), rate limit, 5xx', async () => {
    for (const [status, body, reason] of [
      [400, { message: 'Invalid Sender Id' }, 'rejected'],
      [422, { message: 'You are not set up on this route' }, 'rejected'],
      [429, { message: 'Too Many Requests' }, 'rate_limited'],
      [500, { message: 'Server Error' }, 'server'],
    ] as const) {
      seen.length = 0;
      behaviour = (_req, res) => json(res, status, body);
      await unavailable(provider().send(sms), reason);
      expect(seen).toHaveLength(1);
    }
    seen.length = 0;
    await unavailable(provider({ apiKey: 'wrong' }).send(sms), 'credentials');
    expect(seen).toHaveLength(1);
  });

  it('an answer it cannot read is a failure', async () => {
    behaviour = (_req, res) => json(res, 200, '<html>oops</html>');
    await unavailable(provider().send(sms), 'malformed');
    behaviour = (_req, res) => json(res, 200, { message: 'Successfully Sent' });
    await unavailable(provider().send(sms), 'malformed');
  });

  it('a timeout is a failure, never retried (the message may have gone out)', async () => {
    seen.length = 0;
    behaviour = (_req, res) => void setTimeout(() => json(res, 200, SENT), 1000);
    await unavailable(provider({ timeoutMs: 150 }).send(sms), 'timeout');
    expect(seen).toHaveLength(1);
  });

  it('a connection failure is retried once: a dropped connection then success', async () => {
    let connections = 0;
    const flaky = createServer((req, res) => {
      connections += 1;
      if (connections === 1) return req.socket.destroy();
      json(res, 200, SENT);
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
      expect(await provider({ baseUrl: url }).send(sms)).toEqual({ messageId: SENT.message_id });
      expect(connections).toBe(2);
    } finally {
      flaky.closeAllConnections();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });

  it('connection refused twice: retried once, then a failure', async () => {
    let tries = 0;
    const closed = createTermiiMessaging(
      { baseUrl: 'http://127.0.0.1:1', apiKey: 'TL-test-key', senderId: 'Amana', timeoutMs: 500 },
      10,
    );
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      tries += 1;
      return realFetch(input, init);
    };
    try {
      await unavailable(closed.send(sms), 'network');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(tries).toBe(2);
  });
});

describe('the app with SMS_PROVIDER=termii', () => {
  it('sends codes and notifications through Termii; an outage answers 503 or leaves the message to retry', async () => {
    const app = await createTestApp({
      TERMII_API_KEY: 'TL-test-key',
      TERMII_BASE_URL: baseUrl,
      TERMII_SENDER_ID: 'Amana',
    });
    try {
      expect(app.deps.messaging.name).toBe('termii');
      const seller = await createUser(app, 'Nkechi');
      const buyer = await createUser(app, 'Femi');
      const phone = uniquePhone();

      behaviour = (_req, res) => json(res, 503, { message: 'Service Unavailable' });
      const down = await sendCode(app, seller, phone.local);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: PHONE_TEXT.smsUnavailable });

      seen.length = 0;
      behaviour = (_req, res) => json(res, 200, SENT);
      expect((await sendCode(app, seller, phone.local)).statusCode).toBe(200);
      const code = /\b(\d{6})\b/.exec(String(seen[0]!.body.sms))![1]!;
      expect(seen[0]!.body).toMatchObject({ to: phone.e164.slice(1), channel: 'dnd', from: 'Amana' });
      expect((await checkCode(app, seller, code)).statusCode).toBe(200);
      expect(
        (await put(app, seller, '/api/notifications/channels', { payment_alerts: { whatsapp: true } }))
          .statusCode,
      ).toBe(200);

      behaviour = (_req, res) => json(res, 500, { message: 'Server Error' });
      const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
      await deliverDueTextMessages(app.deps);
      const [waiting] = await app.deps.db.select().from(smsMessages).where(eq(smsMessages.userId, seller.id));
      expect(waiting).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        channel: 'WHATSAPP',
        lastError: 'Termii answered 500',
      });

      seen.length = 0;
      behaviour = (_req, res) => json(res, 200, SENT);
      const start = Date.now();
      app.deps.clock.now = () => new Date(start + 61_000);
      await deliverDueTextMessages(app.deps);
      const [sent] = await app.deps.db.select().from(smsMessages).where(eq(smsMessages.userId, seller.id));
      expect(sent).toMatchObject({ status: 'SENT', attempts: 2, providerMessageId: SENT.message_id });
      expect(seen.map((s) => s.body)).toEqual([
        expect.objectContaining({
          to: phone.e164.slice(1),
          channel: 'whatsapp',
          sms: `Amana: Payment secured in escrow ${app.deps.config.publicUrl}/app/transactions/${id}`,
        }),
      ]);
    } finally {
      await app.close();
    }
  });
});
