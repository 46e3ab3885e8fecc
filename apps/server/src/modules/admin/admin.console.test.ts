import { eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { describeDevice } from '../auth/index.ts';
import { logIn, signUp } from '../auth/auth.test-support.ts';
import { castOf, disputed, type Cast } from '../disputes/disputes.test-support.ts';
import { createUser, get, post, put } from '../../testing/test-kit.ts';

let app: App;
let url: string;
let cast: Cast;
beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  cast = await castOf(app);
});
afterAll(async () => {
  await app.close();
});

const auditFor = (targetId: string) =>
  app.deps.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

describe('console calls: who may call them', () => {
  it('refuses users on every staff call, lets SUPPORT read, keeps account actions for ADMIN', async () => {
    const target = cast.stranger.id;
    const reads = ['/api/admin/users?q=a', `/api/admin/users/${target}`, '/api/admin/audit-log'];
    for (const path of reads) {
      expect((await get(app, cast.buyer, path)).statusCode, path).toBe(403);
      expect((await get(app, cast.support, path)).statusCode, path).toBe(200);
      expect((await app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
    }
    for (const who of [cast.buyer, cast.support]) {
      expect((await post(app, who, `/api/admin/users/${target}/suspend`, { reason: 'x' })).statusCode).toBe(
        403,
      );
      expect((await post(app, who, `/api/admin/users/${target}/reinstate`)).statusCode).toBe(403);
      expect(
        (
          await put(app, who, `/api/admin/users/${target}/verification-level`, {
            verificationLevel: 'PREMIUM',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(await auditFor(target)).toEqual([]);
  });

  it('answers hostile input with a 4xx envelope, never a 500', async () => {
    const cases: [string, string, unknown?][] = [
      ['GET', `/api/admin/users?q=${'x'.repeat(300)}`],
      ['GET', '/api/admin/users?page=0'],
      ['GET', '/api/admin/users/%00'],
      ['GET', '/api/admin/audit-log?from=yesterday'],
      ['GET', '/api/admin/audit-log?limit=1000'],
      ['GET', `/api/admin/transactions/${'z'.repeat(64)}/ledger`],
      ['POST', `/api/admin/users/${cast.stranger.id}/suspend`, {}],
      ['POST', `/api/admin/users/${cast.stranger.id}/suspend`, { reason: 'r'.repeat(501) }],
      ['POST', `/api/admin/users/${cast.stranger.id}/suspend`, { reason: 42 }],
      ['PUT', `/api/admin/users/${cast.stranger.id}/verification-level`, { verificationLevel: 'GOD' }],
    ];
    for (const [method, path, payload] of cases) {
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        headers: cast.admin.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('users', () => {
  it('finds a user by e-mail, name or id and shows the account', async () => {
    for (const q of [cast.stranger.email.toUpperCase(), cast.stranger.name, cast.stranger.id]) {
      const res = await get(app, cast.support, `/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(
        res.json().data.users.map((u: { id: string }) => u.id),
        q,
      ).toContain(cast.stranger.id);
    }
    await disputed(app, cast);
    const detail = await get(app, cast.support, `/api/admin/users/${cast.buyer.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      user: { id: cast.buyer.id, suspendedAt: null },
      wallet: { currency: 'NGN' },
      disputes: { raised: 1, open: 1 },
    });
    expect(detail.json().data.transactions[0]).toMatchObject({
      status: 'DISPUTED',
      role: 'BUYER',
      flagged: false,
    });
    expect(detail.json().data.sessions.length).toBeGreaterThan(0);
    expect((await get(app, cast.support, '/api/admin/users/nobody')).json().error).toBe('User not found');
  });

  it('names each session’s device as the user’s own list does', async () => {
    const account = await signUp(app);
    const chromeOnWindows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    await logIn(app, account.email, account.password, { headers: { 'user-agent': chromeOnWindows } });
    const detail = await get(app, cast.support, `/api/admin/users/${account.user.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.sessions).toContainEqual(
      expect.objectContaining({ device: 'Chrome on Windows', userAgent: chromeOnWindows }),
    );
  });

  it('names the devices in the staff reader’s saved language', async () => {
    const staffer = await createUser(app, 'Hauwa');
    await app.deps.db.update(users).set({ role: 'SUPPORT' }).where(eq(users.id, staffer.id));
    expect((await put(app, staffer, '/api/auth/me', { language: 'ha' })).statusCode).toBe(200);
    const account = await signUp(app);
    const chromeOnWindows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    await logIn(app, account.email, account.password, { headers: { 'user-agent': chromeOnWindows } });
    const hausa = describeDevice(chromeOnWindows, 'ha');
    expect(hausa).not.toBe(describeDevice(chromeOnWindows, 'en'));
    const detail = await get(app, staffer, `/api/admin/users/${account.user.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.sessions).toContainEqual(
      expect.objectContaining({ device: hausa, userAgent: chromeOnWindows }),
    );
  });

  it('a level change is audited with before and after', async () => {
    const res = await put(app, cast.admin, `/api/admin/users/${cast.seller.id}/verification-level`, {
      verificationLevel: 'ENHANCED',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditFor(cast.seller.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: cast.admin.id,
      action: 'user.verification_level',
      summary: { before: { verificationLevel: 'BASIC' }, after: { verificationLevel: 'ENHANCED' } },
    });
  });
});

describe('suspension', () => {
  it('ends the sessions and sockets at once, refuses sign-in with 403, and reinstating lets the user back', async () => {
    const { email, password } = await signUp(app);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const token: string = login.json().data.token;
    const userId: string = login.json().data.user.id;
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: 'GET', url: '/api/wallet', headers })).statusCode).toBe(200);
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => resolve(reason)),
    );

    expect(
      (await post(app, cast.admin, `/api/admin/users/${cast.admin.id}/suspend`, { reason: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await post(app, cast.admin, `/api/admin/users/${cast.support.id}/suspend`, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const suspended = await post(app, cast.admin, `/api/admin/users/${userId}/suspend`, {
      reason: 'Card fraud reports',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ message: 'User suspended; their sessions were signed out' });
    expect(await disconnected).toBe('io server disconnect');
    expect((await app.inject({ method: 'GET', url: '/api/wallet', headers })).statusCode).toBe(401);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'Account suspended', code: 'ACCOUNT_SUSPENDED' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'nope-nope-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(
      (await post(app, cast.admin, `/api/admin/users/${userId}/suspend`, { reason: 'again' })).statusCode,
    ).toBe(409);

    const reinstated = await post(app, cast.admin, `/api/admin/users/${userId}/reinstate`);
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    const back = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(back.statusCode).toBe(200);
    const rows = await auditFor(userId);
    expect(rows.map((r) => r.action).sort()).toEqual(['user.reinstate', 'user.suspend']);
    expect(rows.find((r) => r.action === 'user.suspend')!.summary).toMatchObject({
      before: { suspendedAt: null },
      after: { reason: 'Card fraud reports' },
    });
    socket.close();
  });
});

describe('the audit log', () => {
  it('lists entries newest first with filters, and refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    const all = await get(app, cast.support, '/api/admin/audit-log');
    expect(all.statusCode, all.body).toBe(200);
    const entries = all.json().data.entries as { action: string; actorName: string; createdAt: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect([...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(entries);
    const byAction = await get(app, cast.support, '/api/admin/audit-log?action=user.suspend');
    expect(byAction.json().data.entries.every((e: { action: string }) => e.action === 'user.suspend')).toBe(
      true,
    );
    const byActor = await get(app, cast.support, `/api/admin/audit-log?actor=${cast.admin.id}`);
    expect(byActor.json().data.entries.every((e: { actorId: string }) => e.actorId === cast.admin.id)).toBe(
      true,
    );
    // Filtered by this file's admin: other files' timer tests write audit rows under a moved clock.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = await get(app, cast.support, `/api/admin/audit-log?actor=${cast.admin.id}&from=${future}`);
    expect(later.json().data.entries).toEqual([]);

    await expect(app.deps.db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(app.deps.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(app.deps.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await get(app, cast.support, '/api/admin/audit-log')).json().data.entries).toHaveLength(
      entries.length,
    );
  });

  it('shows a transaction’s ledger entries, each summing to zero', async () => {
    const { transactionId } = await disputed(app, cast);
    const res = await get(app, cast.support, `/api/admin/transactions/${transactionId}/ledger`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data.entries as { postings: { amount: number }[] }[];
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries)
      expect(entry.postings.reduce((sum, p) => sum + Math.round(p.amount * 100), 0)).toBe(0);
    expect((await get(app, cast.buyer, `/api/admin/transactions/${transactionId}/ledger`)).statusCode).toBe(
      403,
    );
  });
});

// The suspended-party flag in the dispute queue.
describe('the dispute queue', () => {
  it('flags a dispute whose party is suspended', async () => {
    const { disputeId } = await disputed(app, cast);
    await app.deps.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, cast.seller.id));
    const queue = await get(app, cast.support, '/api/admin/disputes');
    const item = queue.json().data.disputes.find((d: { id: string }) => d.id === disputeId);
    expect(item).toMatchObject({ partySuspended: true });
    await app.deps.db.update(users).set({ suspendedAt: null }).where(eq(users.id, cast.seller.id));
  });
});
