import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { sessions } from '../db/schema/users.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_EVENTS } from '@escrow/shared/events';
import type { App } from '../app.ts';
import { bearer, logIn, resetTokenFromMail, signUp } from '../modules/auth/auth.test-support.ts';
import { createUser, makeAdmin, post, type TestUser } from '../testing/test-kit.ts';
import { collect, openSocket } from '../testing/socket-client.ts';
import { createTestApp } from '../testing/test-app.ts';

let app: App;
let url: string;
let admin: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  admin = await createUser(app, 'Admin');
  await makeAdmin(app, admin);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

/** A real account (password hashed) signed in twice: two sessions, one socket on each. */
async function person() {
  const account = await signUp(app);
  const first = await logIn(app, account.email, account.password);
  const second = await logIn(app, account.email, account.password);
  return {
    ...account,
    first,
    second,
    sockets: [await openSocket(url, first, sockets), await openSocket(url, second, sockets)],
  };
}

const closed = (socket: Socket, ms = 5000) =>
  vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: ms, interval: 50 });

/** After its session ended, a socket hears nothing: a notification pushed to the user does not reach it. */
async function hearsNothingAfter(userId: string, socket: Socket) {
  const heard = collect(socket, SERVER_EVENTS.notification);
  app.deps.realtime.toUser(userId, SERVER_EVENTS.notification, { id: 'probe' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(heard).toEqual([]);
}

describe('sockets end with their session', () => {
  it('logout closes that session’s socket at once, and only that one', async () => {
    const p = await person();
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(p.first) });
    expect(res.statusCode).toBe(200);
    await closed(p.sockets[0]!);
    await hearsNothingAfter(p.user.id, p.sockets[0]!);
    expect(p.sockets[1]!.connected).toBe(true);
  });

  it('a password change closes the other sessions’ sockets and keeps the one that made it', async () => {
    const p = await person();
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(p.first),
      payload: { currentPassword: p.password, newPassword: 'a-brand-new-password-9' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await closed(p.sockets[1]!);
    await hearsNothingAfter(p.user.id, p.sockets[1]!);
    expect(p.sockets[0]!.connected).toBe(true);
  });

  it('a password reset closes every socket of the account', async () => {
    const p = await person();
    await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: p.email } });
    const resetToken = await resetTokenFromMail(app, p.email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/set-new-password',
      payload: { resetToken, newPassword: 'another-new-password-7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await Promise.all(p.sockets.map((s) => closed(s)));
  });

  it('a suspension closes every socket of the account', async () => {
    const p = await person();
    const res = await post(app, admin, `/api/admin/users/${p.user.id}/suspend`, { reason: 'Fraud reports' });
    expect(res.statusCode, res.body).toBe(200);
    await Promise.all(p.sockets.map((s) => closed(s)));
  });

  it('a logout that lands while the handshake is being verified still closes the socket', async () => {
    const account = await signUp(app);
    const token = await logIn(app, account.email, account.password);
    const tokens = app.deps.tokens;
    const verify = tokens.verify;
    let raced = false;
    // The handshake's check answers "valid", then the logout commits before the socket has joined its
    // session room: the logout's disconnect finds nobody to close.
    tokens.verify = async (...args: Parameters<typeof verify>) => {
      const answer = await verify(...args);
      if (args[0] === token && !raced) {
        raced = true;
        const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
        expect(res.statusCode).toBe(200);
      }
      return answer;
    };
    let socket: Socket;
    try {
      socket = await openSocket(url, token, sockets);
    } finally {
      tokens.verify = verify;
    }
    expect(raced).toBe(true);
    await closed(socket);
    await hearsNothingAfter(account.user.id, socket);
  });

  it('a socket closes when its token expires (controlled clock)', async () => {
    const p = await person();
    const later = Date.now() + (app.deps.config.TOKEN_TTL_HOURS + 1) * 3_600_000;
    app.deps.clock.now = () => new Date(later);
    try {
      await Promise.all(p.sockets.map((s) => closed(s)));
    } finally {
      app.deps.clock.now = () => new Date();
    }
  });

  it('a revocation this instance never heard of (another instance, Redis down) closes the socket within 5 s', async () => {
    const p = await person();
    // Written straight to the database, as another instance would while Redis cannot tell this one.
    const { sid } = JSON.parse(Buffer.from(p.first.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    await app.deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    await closed(p.sockets[0]!);
    expect(p.sockets[1]!.connected).toBe(true);
  });

  it('a handshake whose session cannot be read is refused, not left unanswered, and a retry connects', async () => {
    const account = await signUp(app);
    const token = await logIn(app, account.email, account.password);
    const tokens = app.deps.tokens;
    const verify = tokens.verify;
    // As when the database connection is lost during the check: socket.io does not catch a rejected
    // middleware, so without the refusal the client would wait for an answer that never comes.
    tokens.verify = async () => {
      throw new Error('Connection terminated unexpectedly');
    };
    let refusal: unknown;
    try {
      const unanswered = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('handshake unanswered after 5 s')), 5000).unref(),
      );
      refusal = await Promise.race([openSocket(url, token, sockets), unanswered]).catch(
        (error: unknown) => error,
      );
    } finally {
      tokens.verify = verify;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe('Service temporarily unavailable');
    const socket = await openSocket(url, token, sockets);
    expect(socket.connected).toBe(true);
  });
});
