import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@escrow/shared/events';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { openSocket } from '../../testing/socket-client.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { disputed } from '../disputes/disputes.test-support.ts';
import { bearer, mailsTo } from '../auth/auth.test-support.ts';
import { createUser, driveTo, get, post } from '../../testing/test-kit.ts';
import {
  codeAt,
  enrol,
  passwordStep,
  signedUp,
  signInWithCode,
  testClock,
  type Account,
  type TestClock,
} from './two-factor.test-support.ts';

/**
 * STAFF_TWO_FACTOR=required (the production default): SUPPORT and ADMIN act as staff only from a session
 * that used the second factor, on every staff-only route and in-route staff check.
 */
let app: App;
let clock: TestClock;
/** Every staff route without path parameters that answers a GET, from the OpenAPI document. */
let staffReads: string[] = [];
beforeAll(async () => {
  app = await createTestApp({ STAFF_TWO_FACTOR: 'required' });
  clock = testClock(app);
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  staffReads = Object.entries(doc.paths)
    .filter(([path, ops]) => path.startsWith('/api/admin/') && !path.includes('{') && 'get' in ops)
    .map(([path]) => path);
});
afterAll(async () => {
  await app.close();
});

async function staffAccount(role: 'ADMIN' | 'SUPPORT'): Promise<Account> {
  const account = await signedUp(app);
  await app.deps.db.update(users).set({ role }).where(eq(users.id, account.id));
  app.deps.tokens.invalidateUser(account.id);
  return account;
}
const refusedForTwoFactor = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'TWO_FACTOR_REQUIRED',
    error: 'Staff must turn on two-factor sign-in and use it to sign in before doing this.',
    details: { setupUrl: '/app/profile?tab=security' },
  });
};

describe('staff routes with STAFF_TWO_FACTOR=required', () => {
  it('finds the staff routes to check', () => {
    expect(staffReads).toEqual(expect.arrayContaining(['/api/admin/users', '/api/admin/audit-log']));
    expect(staffReads.length).toBeGreaterThan(5);
  });

  it('refuses an admin without two-factor sign-in on every staff route, and lets them in once enrolled', async () => {
    const admin = await staffAccount('ADMIN');
    for (const url of staffReads) refusedForTwoFactor(await app.inject({ url, headers: admin.headers }));
    const mail = await app.inject({
      method: 'POST',
      url: '/api/email/test',
      headers: admin.headers,
      payload: { to: admin.email },
    });
    refusedForTwoFactor(mail);
    // Setting it up is open to them (the profile's own routes need only a session).
    await enrol(app, admin, clock);
    for (const url of staffReads) {
      const res = await app.inject({ url, headers: admin.headers });
      expect(res.statusCode, `${url}: ${res.body}`).not.toBe(403);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('tells users apart from unverified staff: a user still gets 403 FORBIDDEN', async () => {
    const user = await signedUp(app);
    const res = await app.inject({ url: '/api/admin/users', headers: user.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('counts the session: one signed in with the password only stays refused until it signs in with a code', async () => {
    const support = await staffAccount('SUPPORT');
    const other = { ...support };
    const second = await passwordStep(app, support.email, support.password);
    const passwordOnly = { ...support, headers: bearer(second.token as string) };
    const { secret } = await enrol(app, other, clock);
    expect((await app.inject({ url: '/api/admin/users', headers: other.headers })).statusCode).toBe(200);
    refusedForTwoFactor(await app.inject({ url: '/api/admin/users', headers: passwordOnly.headers }));

    const fresh = await signInWithCode(app, support, secret, clock);
    expect((await app.inject({ url: '/api/admin/users', headers: fresh.headers })).statusCode).toBe(200);

    // Turning it off leaves no session verified.
    const off = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: fresh.headers,
      payload: { password: support.password, code: codeAt(secret, clock.now()) },
    });
    expect(off.statusCode).toBe(200);
    clock.nextStep();
    refusedForTwoFactor(await app.inject({ url: '/api/admin/users', headers: fresh.headers }));
    refusedForTwoFactor(await app.inject({ url: '/api/admin/users', headers: other.headers }));
  });

  it('covers staff looks inside routes: disputes, internal notes, decisions and staff file access', async () => {
    const buyer = await createUser(app, 'Ngozi');
    const seller = await createUser(app, 'Emeka');
    const transactionId = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const photo = (await get(app, buyer, `/api/transactions/${transactionId}`)).json().data.transaction
      .shipmentData.photos[0] as string;
    const raised = await post(app, buyer, '/api/disputes', {
      transactionId,
      disputeType: 'DELIVERY',
      reason: 'Not as described',
      description: 'The item is not what was shown.',
    });
    expect(raised.statusCode, raised.body).toBe(201);
    const disputeId = raised.json().data.id as string;

    const admin = await staffAccount('ADMIN');
    const calls = (headers: Record<string, string>) => [
      app.inject({ url: `/api/disputes/${disputeId}`, headers }),
      app.inject({
        method: 'POST',
        url: `/api/disputes/${disputeId}/messages`,
        headers,
        payload: { content: 'Checking the photos', isInternal: true },
      }),
      app.inject({ url: `/api/uploads/${photo}`, headers }),
    ];
    for (const res of await Promise.all(calls(admin.headers))) refusedForTwoFactor(res);
    const decision = await app.inject({
      method: 'POST',
      url: `/api/disputes/${disputeId}/resolutions`,
      headers: admin.headers,
      payload: { resolutionType: 'ADMIN_DECISION', resolution: 'NO_ACTION', reason: 'Looks fine' },
    });
    refusedForTwoFactor(decision);
    // The parties themselves are unaffected.
    expect((await get(app, buyer, `/api/disputes/${disputeId}`)).statusCode).toBe(200);

    await enrol(app, admin, clock);
    const [look, note, file] = await Promise.all(calls(admin.headers));
    expect(look!.statusCode).toBe(200);
    expect(note!.statusCode).toBe(200);
    expect(file!.statusCode).toBe(200);
  });
});

describe('the live staff room', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  it('carries dispute events only to staff sockets of sessions that used the second factor', async () => {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const buyer = await createUser(app, 'Bimpe');
    const seller = await createUser(app, 'Segun');
    const { disputeId } = await disputed(app, { buyer, seller });
    const unverified = await staffAccount('SUPPORT');
    const verified = await staffAccount('SUPPORT');
    await enrol(app, verified, clock);
    const listen = async (token: string) => {
      const socket = await openSocket(url, token, sockets);
      const events: unknown[] = [];
      socket.on(SERVER_EVENTS.disputeUpdated, (payload: unknown) => events.push(payload));
      return { socket, events };
    };
    const [without, withCode] = [await listen(unverified.token), await listen(verified.token)];

    expect(
      (await post(app, seller, `/api/disputes/${disputeId}/messages`, { content: 'Sent it' })).statusCode,
    ).toBe(200);
    await vi.waitFor(() => expect(withCode.events).toHaveLength(1), { timeout: 5000, interval: 10 });
    // A round trip on the other socket: anything sent to it before has arrived.
    await without.socket.timeout(5000).emitWithAck(CLIENT_EVENTS.joinUserRoom, {});
    expect(without.events).toEqual([]);
  });
});

describe('staff reset of a lost second factor', () => {
  it('removes it (ADMIN only), audits the reason, e-mails the user and ends their verified sessions', async () => {
    const admin = await staffAccount('ADMIN');
    await enrol(app, admin, clock);
    const support = await staffAccount('SUPPORT');
    await enrol(app, support, clock);
    expect((await app.inject({ url: '/api/admin/users', headers: support.headers })).statusCode).toBe(200);
    const url = `/api/admin/users/${support.id}/two-factor/reset`;
    const payload = { reason: 'Lost phone; identity checked by video call' };

    const bySupport = await app.inject({ method: 'POST', url, headers: support.headers, payload });
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().code).toBe('FORBIDDEN');
    const own = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.id}/two-factor/reset`,
      headers: admin.headers,
      payload,
    });
    expect(own.statusCode).toBe(403);

    const res = await app.inject({ method: 'POST', url, headers: admin.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Two-factor sign-in was reset. The user can sign in with their password and set it up again.',
      data: { user: { id: support.id } },
    });
    const detail = await app.inject({ url: `/api/admin/users/${support.id}`, headers: admin.headers });
    expect(detail.json().data.twoFactorEnabled).toBe(false);
    refusedForTwoFactor(await app.inject({ url: '/api/admin/users', headers: support.headers }));
    expect(await passwordStep(app, support.email, support.password)).toHaveProperty('token');
    const [row] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, support.id), eq(auditLog.action, 'user.two_factor_reset')));
    expect(row).toMatchObject({ actorId: admin.id, summary: { after: { reason: payload.reason } } });
    const [mail] = await mailsTo(app, support.email, { subject: 'Two-factor sign-in was reset' });
    expect(mail!.text).toContain('support@');

    const again = await app.inject({ method: 'POST', url, headers: admin.headers, payload });
    expect(again.statusCode).toBe(409);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/users/00000000-0000-0000-0000-000000000000/two-factor/reset',
      headers: admin.headers,
      payload,
    });
    expect(unknown.statusCode).toBe(404);
    const noReason = await app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('shows whether a user has it on in the console', async () => {
    const admin = await staffAccount('ADMIN');
    await enrol(app, admin, clock);
    const user = await signedUp(app);
    const detail = async () =>
      (await app.inject({ url: `/api/admin/users/${user.id}`, headers: admin.headers })).json().data;
    expect((await detail()).twoFactorEnabled).toBe(false);
    await enrol(app, user, clock);
    expect((await detail()).twoFactorEnabled).toBe(true);
  });
});

describe('STAFF_TWO_FACTOR=optional (the default outside production)', () => {
  let optional: App;
  beforeAll(async () => {
    optional = await createTestApp({ STAFF_TWO_FACTOR: 'optional' });
  });
  afterAll(async () => {
    await optional.close();
  });

  it('lets staff without two-factor sign-in use the staff routes', async () => {
    const admin = await createUser(optional, 'Kemi', 'ADMIN');
    for (const url of ['/api/admin/users', '/api/admin/audit-log', '/api/admin/disputes'])
      expect((await optional.inject({ url, headers: admin.headers })).statusCode, url).toBe(200);
  });
});
