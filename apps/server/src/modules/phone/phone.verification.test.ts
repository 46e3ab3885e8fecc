import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAttemptsText } from '@escrow/shared/errors';
import { maskPhone, PHONE_TEXT } from '@escrow/shared/schemas/phone';
import type { App } from '../../app.ts';
import { phoneVerifications, verifiedPhones } from '../../db/schema/phone.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, get, type TestUser } from '../../testing/test-kit.ts';
import type { MessagingProvider } from './phone.provider.ts';
import {
  checkCode,
  codeSentTo,
  downProvider,
  sendCode,
  textsTo,
  uniquePhone,
  verifyPhone,
} from './phone.test-support.ts';

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

const status = async (user: TestUser) => {
  const res = await get(app, user, '/api/auth/phone');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const later = (ms: number) => () => new Date(Date.now() + ms);
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('verifying a phone', () => {
  it('sends a 6-digit code by SMS, shows the number masked, and verifies it with the code', async () => {
    const user = await createUser(app, 'Ngozi');
    expect(await status(user)).toEqual({ phone: null, verifiedAt: null, pending: null });
    const phone = uniquePhone();
    const sent = await sendCode(
      app,
      user,
      `${phone.local.slice(0, 4)} ${phone.local.slice(4, 7)} ${phone.local.slice(7)}`,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: PHONE_TEXT.codeSent,
      data: { phone: null, verifiedAt: null, pending: { phone: maskPhone(phone.e164) } },
    });
    expect(maskPhone(phone.e164)).toBe(`+234 *** *** ${phone.e164.slice(-4)}`);
    const [text] = await textsTo(app, phone.e164);
    expect(text).toMatchObject({ to: phone.e164, channel: 'SMS' });
    expect(text!.body).toMatch(/^Your Amana verification code is \d{6}\. It expires in 10 minutes\./);

    const code = await codeSentTo(app, phone.e164);
    const [row] = await app.deps.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, user.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);

    const verified = await checkCode(app, user, code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      message: PHONE_TEXT.verified,
      data: { phone: maskPhone(phone.e164), pending: null },
    });
    expect(verified.json().data.verifiedAt).toEqual(expect.any(String));
    // The same code again: it was used.
    const again = await checkCode(app, user, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_PHONE_CODE', error: PHONE_TEXT.noCodePending });
  });

  it('refuses a code once it has expired (10 minutes)', async () => {
    const user = await createUser(app, 'Emeka');
    const phone = uniquePhone();
    expect((await sendCode(app, user, phone.local)).statusCode).toBe(200);
    const code = await codeSentTo(app, phone.e164);
    app.deps.clock.now = later(10 * 60_000 + 1000);
    const late = await checkCode(app, user, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'INVALID_PHONE_CODE', error: PHONE_TEXT.codeExpired });
    expect((await status(user)).pending).toBeNull();
    const [row] = await app.deps.db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, user.id));
    expect(row).toBeUndefined();
  });

  it('ends a code after 5 wrong attempts, even for the right code after them', async () => {
    const user = await createUser(app, 'Kemi');
    const phone = uniquePhone();
    expect((await sendCode(app, user, phone.local)).statusCode).toBe(200);
    const code = await codeSentTo(app, phone.e164);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await checkCode(app, user, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'INVALID_PHONE_CODE',
        error: attempt < 5 ? PHONE_TEXT.codeWrong : PHONE_TEXT.tooManyAttempts,
      });
    }
    const right = await checkCode(app, user, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe(PHONE_TEXT.tooManyAttempts);
    expect((await status(user)).pending).toBeNull();
  });

  it('asks for a code first when none was sent, and only the newest code counts', async () => {
    const user = await createUser(app, 'Tunde');
    const none = await checkCode(app, user, '123456');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'INVALID_PHONE_CODE', error: PHONE_TEXT.noCodePending });
    const phone = uniquePhone();
    expect((await sendCode(app, user, phone.local)).statusCode).toBe(200);
    const first = await codeSentTo(app, phone.e164);
    app.deps.clock.now = later(1000);
    expect((await sendCode(app, user, phone.local)).statusCode).toBe(200);
    const second = await codeSentTo(app, phone.e164);
    if (first !== second) expect((await checkCode(app, user, first)).json().error).toBe(PHONE_TEXT.codeWrong);
    expect((await checkCode(app, user, second)).statusCode).toBe(200);
  });

  it('replaces the verified phone with a newly verified number; DELETE removes it', async () => {
    const user = await createUser(app, 'Bola');
    await verifyPhone(app, user);
    const second = await verifyPhone(app, user);
    expect((await status(user)).phone).toBe(maskPhone(second));
    const removed = await app.inject({ method: 'DELETE', url: '/api/auth/phone', headers: user.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      message: PHONE_TEXT.removed,
      data: { phone: null, verifiedAt: null },
    });
  });
});

describe('limits', () => {
  it('sends at most 3 codes an hour to one user (429 with Retry-After), counted over the last hour', async () => {
    const user = await createUser(app, 'Sade');
    const start = Date.now();
    for (let send = 0; send < 3; send += 1) {
      app.deps.clock.now = () => new Date(start + send * 60_000);
      expect((await sendCode(app, user, uniquePhone().local)).statusCode).toBe(200);
    }
    app.deps.clock.now = () => new Date(start + 10 * 60_000);
    const fourth = await sendCode(app, user, uniquePhone().local);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED', error: tooManyAttemptsText(50 * 60) });
    expect(fourth.headers['retry-after']).toBe(String(50 * 60));
    // An hour after the first send, one slot is free again.
    app.deps.clock.now = () => new Date(start + 60 * 60_000 + 1000);
    expect((await sendCode(app, user, uniquePhone().local)).statusCode).toBe(200);
  });

  it('sends at most 10 codes an hour to one number, whichever accounts ask', async () => {
    const phone = uniquePhone();
    const askers = await Promise.all([1, 2, 3, 4].map((n) => createUser(app, `Asker${n}`)));
    let sent = 0;
    for (const asker of askers)
      for (let send = 0; send < 3 && sent < 10; send += 1, sent += 1)
        expect((await sendCode(app, asker, phone.local)).statusCode).toBe(200);
    const eleventh = await sendCode(app, askers[3]!, phone.local);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await textsTo(app, phone.e164)).toHaveLength(10);
  });

  it('a provider failure is a 503, sends nothing and does not count towards the limit', async () => {
    const user = await createUser(app, 'Ade');
    const phone = uniquePhone();
    const down = downProvider();
    app.deps.messaging = down;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const res = await sendCode(app, user, phone.local);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: PHONE_TEXT.smsUnavailable });
    }
    expect(down.calls).toBe(4);
    const rows = await app.deps.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, user.id));
    expect(rows).toEqual([]);
    app.deps.messaging = sandbox;
    expect((await sendCode(app, user, phone.local)).statusCode).toBe(200);
  });
});

describe('one number, one account', () => {
  it('refuses to send a code to a number verified on another account (409), and sends nothing', async () => {
    const holder = await createUser(app, 'Holder');
    const e164 = await verifyPhone(app, holder);
    const other = await createUser(app, 'Other');
    const before = (await textsTo(app, e164)).length;
    const res = await sendCode(app, other, `0${e164.slice(4)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PHONE_IN_USE', error: PHONE_TEXT.phoneInUse });
    expect(await textsTo(app, e164)).toHaveLength(before);
  });

  it('refuses the second of two accounts that both had a code for the number (409 at verify)', async () => {
    const first = await createUser(app, 'First');
    const second = await createUser(app, 'Second');
    const phone = uniquePhone();
    expect((await sendCode(app, first, phone.local)).statusCode).toBe(200);
    const firstCode = await codeSentTo(app, phone.e164);
    expect((await sendCode(app, second, phone.local)).statusCode).toBe(200);
    const secondCode = await codeSentTo(app, phone.e164);
    expect((await checkCode(app, first, firstCode)).statusCode).toBe(200);
    const late = await checkCode(app, second, secondCode);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PHONE_IN_USE' });
    expect((await status(second)).phone).toBeNull();
    const holders = await app.deps.db
      .select()
      .from(verifiedPhones)
      .where(eq(verifiedPhones.phone, phone.e164));
    expect(holders.map((h) => h.userId)).toEqual([first.id]);
  });
});

describe('hostile input', () => {
  it.each([
    ['a number of another country', { phone: '+44 7911 123456' }],
    ['a Nigerian landline', { phone: '01 234 5678' }],
    ['too long', { phone: `0803${'1'.repeat(30)}` }],
    ['oversized', { phone: 'x'.repeat(20_000) }],
    ['not a string', { phone: 8031234567 }],
    ['null', { phone: null }],
    ['missing', {}],
    ['an extra key', { phone: '08031234567', channel: 'WHATSAPP' }],
    ['an array', ['08031234567']],
  ])('POST /auth/phone refuses %s with a 400 envelope', async (_label, body) => {
    const user = await createUser(app, 'Hostile');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/phone',
      headers: user.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it.each([
    ['five digits', { code: '12345' }],
    ['letters', { code: '12a456' }],
    ['a number', { code: 123456 }],
    ['an extra key', { code: '123456', phone: '08031234567' }],
    ['oversized', { code: '1'.repeat(20_000) }],
  ])('POST /auth/phone/verify refuses %s with a 400 envelope', async (_label, body) => {
    const user = await createUser(app, 'Hostile');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/phone/verify',
      headers: user.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('every phone route needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/phone'],
      ['POST', '/api/auth/phone'],
      ['POST', '/api/auth/phone/verify'],
      ['DELETE', '/api/auth/phone'],
    ] as const)
      expect((await app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
  });
});
