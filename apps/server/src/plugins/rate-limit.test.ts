import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS } from '@escrow/shared/events';
import { openSocket } from '../testing/socket-client.ts';
import { createTestApp, uniqueEmail } from '../testing/test-app.ts';
import type { App } from '../app.ts';
import { createTransaction, createUser, get, join, PNG_BYTES, post, upload } from '../testing/test-kit.ts';

/** Each limit of the write and probe routes, set small; every refusal is the app's 429 with Retry-After. */
let app: App;
beforeAll(async () => {
  app = await createTestApp({
    RATE_LIMIT_SIGNUP_PER_HOUR_PER_IP: '2',
    RATE_LIMIT_RESET_PER_HOUR_PER_EMAIL: '2',
    RATE_LIMIT_RESET_PER_HOUR_PER_IP: '3',
    RATE_LIMIT_JOIN_FAILURES_PER_HOUR: '2',
    RATE_LIMIT_UPLOADS_PER_HOUR: '2',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '2',
  });
});
const sockets: Socket[] = [];
let url: string | undefined;
const listening = async () => (url ??= await app.listen({ port: 0, host: '127.0.0.1' }));
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

let hosts = 0;
const freshIp = () => `10.77.${Math.floor(hosts / 250)}.${(hosts++ % 250) + 1}`;

function expectLimited(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  windowSeconds: number,
) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    error: `Too many attempts, try again in ${Math.ceil(retryAfter / 60)} ${retryAfter > 60 ? 'minutes' : 'minute'}`,
    requestId: res.headers['x-request-id'],
  });
}

const signup = (ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: ip,
    payload: {
      email: uniqueEmail('limit'),
      password: 'correct-horse-1',
      firstName: 'Ada',
      lastName: 'Obi',
      acceptPrivacyNotice: true,
    },
  });
const reset = (email: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: ip, payload: { email } });

describe('request limits', () => {
  it('limits sign-ups per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i += 1) expect((await signup(ip)).statusCode).toBe(201);
    expectLimited(await signup(ip), 3600);
    expect((await signup(freshIp())).statusCode).toBe(201);
  });

  it('limits reset requests per e-mail, from any address, known or not', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 2; i += 1) expect((await reset(email, freshIp())).statusCode).toBe(200);
    expectLimited(await reset(email.toUpperCase(), freshIp()), 3600);
    expect((await reset(uniqueEmail('other'), freshIp())).statusCode).toBe(200);
  });

  it('limits reset requests per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await reset(uniqueEmail('spray'), ip)).statusCode).toBe(200);
    expectLimited(await reset(uniqueEmail('spray'), ip), 3600);
  });

  it('limits failed joins by code per user, and only failures', async () => {
    const creator = await createUser(app, 'Creator');
    const { code } = await createTransaction(app, creator);
    const prober = await createUser(app, 'Prober');
    // Looking at a real invitation is no failure, however often.
    for (let i = 0; i < 4; i += 1)
      expect((await get(app, prober, `/api/transactions/invite/${code}`)).statusCode).toBe(200);
    expect((await join(app, prober, 'NOPE-0001')).statusCode).toBe(404);
    expect((await get(app, prober, '/api/transactions/invite/NOPE-0002')).statusCode).toBe(404);
    // Lookup and join share the count; once over, even a good code waits.
    expectLimited(await join(app, prober, code), 3600);
    expectLimited(await get(app, prober, `/api/transactions/invite/${code}`), 3600);
    // Another user is not affected.
    expect((await join(app, await createUser(app, 'Joiner'), code)).statusCode).toBe(200);
  });

  it('limits uploads per user', async () => {
    const user = await createUser(app, 'Uploader');
    const photo = { name: 'me.png', data: PNG_BYTES, type: 'image/png' };
    for (let i = 0; i < 2; i += 1)
      expect((await upload(app, user, { purpose: 'profile_picture' }, photo)).statusCode).toBe(201);
    expectLimited(await upload(app, user, { purpose: 'profile_picture' }, photo), 3600);
    const other = await createUser(app, 'Other');
    expect((await upload(app, other, { purpose: 'profile_picture' }, photo)).statusCode).toBe(201);
  });

  it('limits messages per user, one budget for chat (REST and socket) and disputes', async () => {
    const user = await createUser(app, 'Talker');
    // Counted before the conversation or dispute is looked up, so any id will do.
    const dispute = await post(app, user, `/api/disputes/${randomUUID()}/messages`, { content: 'hello' });
    expect(dispute.statusCode).toBe(404);
    const chat = { transactionId: randomUUID(), content: 'hello' };
    expect((await post(app, user, '/api/messages', chat)).statusCode).toBe(404);
    expectLimited(await post(app, user, '/api/messages', chat), 60);
    expectLimited(await post(app, user, `/api/disputes/${randomUUID()}/messages`, { content: 'hi' }), 60);

    const socket = await openSocket(await listening(), user.token, sockets);
    const ack = await socket.timeout(5000).emitWithAck(CLIENT_EVENTS.sendMessage, chat);
    expect(ack).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(ack.error).toMatch(/^Too many attempts, try again in 1 minute$/);
    // Another user still sends.
    const other = await createUser(app, 'Other talker');
    expect((await post(app, other, '/api/messages', chat)).statusCode).toBe(404);
  });

  it('never limits reading one’s own data', async () => {
    const user = await createUser(app, 'Reader');
    for (let i = 0; i < 20; i += 1) expect((await get(app, user, '/api/auth/me')).statusCode).toBe(200);
  });
});
