import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { App } from '../../app.ts';
import { sessions } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { bearer, logIn, signUp } from './auth.test-support.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type SessionView = {
  id: string;
  device: string;
  ipAddress: string | null;
  lastActiveAt: string;
  current: boolean;
};
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
async function listSessions(token: string): Promise<SessionView[]> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data.sessions;
}
const revoke = (token: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });

/** One account signed in on a laptop and on a phone. */
async function twoDevices() {
  const account = await signUp(app);
  const laptop = await logIn(app, account.email, account.password, {
    headers: { 'user-agent': CHROME_WINDOWS },
  });
  const phone = await logIn(app, account.email, account.password, {
    headers: { 'user-agent': SAFARI_IPHONE },
  });
  return { ...account, laptop, phone };
}

describe('GET /api/auth/sessions', () => {
  it("lists the caller's live sessions with device, address, last activity and which one is this", async () => {
    const { laptop, phone } = await twoDevices();
    const list = await listSessions(laptop);
    expect(list).toHaveLength(2);
    const byDevice = Object.fromEntries(list.map((s) => [s.device, s]));
    expect(byDevice['Chrome on Windows']).toMatchObject({ current: true, ipAddress: '127.0.0.1' });
    expect(byDevice['Safari on iPhone']).toMatchObject({ current: false, ipAddress: '127.0.0.1' });
    expect(Number.isNaN(Date.parse(byDevice['Safari on iPhone']!.lastActiveAt))).toBe(false);
    // The other device sees the same two, itself as current.
    expect((await listSessions(phone)).find((s) => s.current)?.device).toBe('Safari on iPhone');
  });

  it('writes last activity at most once a minute', async () => {
    const { laptop, phone } = await twoDevices();
    const phoneId = (await listSessions(laptop)).find((s) => !s.current)!.id;
    const readLastSeen = async () =>
      (await app.deps.db.select().from(sessions).where(eq(sessions.id, phoneId)))[0]!.lastSeenAt!.getTime();
    const signedInAt = await readLastSeen();
    const realNow = app.deps.clock.now;
    try {
      const base = realNow().getTime();
      app.deps.clock.now = () => new Date(base + 30_000);
      expect((await me(phone)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await readLastSeen()).toBe(signedInAt);
      app.deps.clock.now = () => new Date(base + 120_000);
      expect((await me(phone)).statusCode).toBe(200);
      await expect.poll(readLastSeen).toBe(base + 120_000);
    } finally {
      app.deps.clock.now = realNow;
    }
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('signs out another of my sessions: its token is refused at once, mine still works', async () => {
    const { laptop, phone } = await twoDevices();
    expect((await me(phone)).statusCode).toBe(200); // now cached as live
    const phoneId = (await listSessions(laptop)).find((s) => !s.current)!.id;
    const res = await revoke(laptop, phoneId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: 'Session signed out' });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await listSessions(laptop)).map((s) => s.id)).not.toContain(phoneId);
    // Gone is gone: a second sign-out of it is not found.
    expect((await revoke(laptop, phoneId)).statusCode).toBe(404);
  });

  it("answers a stranger 404 for someone else's session and leaves it alone", async () => {
    const { laptop, phone } = await twoDevices();
    const phoneId = (await listSessions(laptop)).find((s) => !s.current)!.id;
    const stranger = await signUp(app);
    const strangerToken = await logIn(app, stranger.email, stranger.password);
    for (const id of [phoneId, uuidv7(), 'not-a-session', "' or 1=1 --"]) {
      const res = await revoke(strangerToken, encodeURIComponent(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: 'Session not found' });
    }
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('signing out the current session is a logout', async () => {
    const { laptop } = await twoDevices();
    const mine = (await listSessions(laptop)).find((s) => s.current)!.id;
    expect((await revoke(laptop, mine)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/sessions', () => {
  it('signs out every session but the caller’s', async () => {
    const { laptop, phone, email, password } = await twoDevices();
    const tablet = await logIn(app, email, password);
    expect((await me(tablet)).statusCode).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(laptop) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { signedOut: 2 }, message: 'Signed out of all other sessions' });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect(await listSessions(laptop)).toHaveLength(1);
  });
});
