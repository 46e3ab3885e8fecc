import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_PATTERN } from '@escrow/shared/schemas/two-factor';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { twoFactorRecoveryCodes, twoFactorSettings } from '../../db/schema/two-factor.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { bearer, mailsTo } from '../auth/auth.test-support.ts';
import {
  codeAt,
  enrol,
  passwordStep,
  signedUp,
  testClock,
  verify,
  type TestClock,
} from './two-factor.test-support.ts';

let app: App;
let clock: TestClock;
beforeAll(async () => {
  app = await createTestApp();
  clock = testClock(app);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, headers: object, payload?: object) =>
  app.inject({ method: 'POST', url, headers: headers as Record<string, string>, payload });
const status = async (headers: object) =>
  (
    await app.inject({ method: 'GET', url: '/api/auth/2fa', headers: headers as Record<string, string> })
  ).json().data;
const auditActions = async (userId: string) =>
  (await app.deps.db.select().from(auditLog).where(eq(auditLog.targetId, userId))).map((row) => row.action);

/** An account with two-factor sign-in on, and a challenge from its password. */
async function challengeFor() {
  const account = await signedUp(app);
  const { secret, recoveryCodes } = await enrol(app, account, clock);
  const { challenge } = await passwordStep(app, account.email, account.password);
  return { account, secret, recoveryCodes, challenge: challenge as string };
}

describe('enrolment', () => {
  it('turns on with a code computed from the secret, shows 10 recovery codes once, and stores them hashed', async () => {
    const account = await signedUp(app);
    expect(await status(account.headers)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = await post('/api/auth/2fa/setup', account.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json().data;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauthUrl)).toContain(`Amana Escrow:${account.email}`);
    // Pending until a code confirms it: sign-in still needs only the password.
    expect(await status(account.headers)).toMatchObject({ enabled: false });
    expect(await passwordStep(app, account.email, account.password)).toHaveProperty('token');

    const wrong = await post('/api/auth/2fa/enable', account.headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, code: 'INVALID_TWO_FACTOR_CODE' });

    const res = await post('/api/auth/2fa/enable', account.headers, { code: codeAt(secret, clock.now()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Two-factor sign-in is on. Keep your recovery codes somewhere safe.');
    const codes: string[] = res.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    const stored = await app.deps.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, account.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    const [settings] = await app.deps.db
      .select()
      .from(twoFactorSettings)
      .where(eq(twoFactorSettings.userId, account.id));
    expect(settings!.secretSealed).not.toContain(secret);
    expect(await status(account.headers)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await auditActions(account.id)).toContain('user.two_factor_enable');
    expect(await mailsTo(app, account.email, { subject: 'Two-factor sign-in is on' })).toHaveLength(1);
    clock.nextStep();
  });

  it('answers 409 to a setup while it is on, and to enabling without a setup', async () => {
    const account = await signedUp(app);
    const early = await post('/api/auth/2fa/enable', account.headers, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CONFLICT', error: 'Start the setup first.' });
    await enrol(app, account, clock);
    const again = await post('/api/auth/2fa/setup', account.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Two-factor sign-in is already on.');
  });

  it('replaces a pending secret with a second setup: codes of the first no longer enable', async () => {
    const account = await signedUp(app);
    const first = (await post('/api/auth/2fa/setup', account.headers)).json().data.secret;
    const second = (await post('/api/auth/2fa/setup', account.headers)).json().data.secret;
    expect(second).not.toBe(first);
    const stale = await post('/api/auth/2fa/enable', account.headers, { code: codeAt(first, clock.now()) });
    expect(stale.statusCode).toBe(400);
    const fresh = await post('/api/auth/2fa/enable', account.headers, { code: codeAt(second, clock.now()) });
    expect(fresh.statusCode).toBe(200);
    clock.nextStep();
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers a challenge and no token after the password; the code completes the sign-in', async () => {
    const { account, secret, challenge } = await challengeFor();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    const data = login.json().data;
    expect(Object.keys(data).sort()).toEqual(['challenge', 'expiresAt', 'twoFactorRequired']);
    expect(data.twoFactorRequired).toBe(true);
    expect(new Date(data.expiresAt).getTime()).toBe(clock.now() + 5 * 60_000);
    expect(login.body).not.toMatch(/token"/);

    const res = await verify(app, challenge, codeAt(secret, clock.now()));
    expect(res.statusCode).toBe(200);
    const signedIn = res.json().data;
    expect(Object.keys(signedIn).sort()).toEqual(['previousSignInAt', 'token', 'user']);
    expect(signedIn.user).toMatchObject({ id: account.id, email: account.email });
    expect(signedIn.previousSignInAt).not.toBeNull();
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(signedIn.token) });
    expect(me.statusCode).toBe(200);
    // The challenge signs in once.
    clock.nextStep();
    const replay = await verify(app, challenge, codeAt(secret, clock.now()));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
  });

  it('refuses a code used once already, and a code of a step before the last one used', async () => {
    const { account, secret, challenge } = await challengeFor();
    const used = codeAt(secret, clock.now());
    expect((await verify(app, challenge, used)).statusCode).toBe(200);

    const second = (await passwordStep(app, account.email, account.password)).challenge as string;
    const reused = await verify(app, second, used);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE', details: { attemptsLeft: 4 } });

    // The next step's code (the app's clock a little ahead) is used; the current step's code is then older.
    const ahead = codeAt(secret, clock.now() + 30_000);
    expect((await verify(app, second, ahead)).statusCode).toBe(200);
    const third = (await passwordStep(app, account.email, account.password)).challenge as string;
    expect((await verify(app, third, codeAt(secret, clock.now()))).statusCode).toBe(400);
    clock.nextStep();
    clock.nextStep();
    expect((await verify(app, third, codeAt(secret, clock.now()))).statusCode).toBe(200);
    clock.nextStep();
  });

  it('takes each recovery code once, e-mails the owner and writes an audit row', async () => {
    const { account, recoveryCodes, challenge } = await challengeFor();
    const res = await verify(app, challenge, recoveryCodes[3]!.toUpperCase());
    expect(res.statusCode).toBe(200);
    const again = (await passwordStep(app, account.email, account.password)).challenge as string;
    expect((await verify(app, again, recoveryCodes[3]!)).statusCode).toBe(400);
    expect((await verify(app, again, recoveryCodes[4]!)).statusCode).toBe(200);
    const mails = await mailsTo(app, account.email, { subject: 'A recovery code was used', atLeast: 2 });
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('8 of your recovery codes are left');
    expect(mails[1]!.text).toContain('support@');
    expect(mails.map((m) => m.text).join()).not.toContain(recoveryCodes[4]);
    const headers = bearer(res.json().data.token);
    expect(await status(headers)).toMatchObject({ recoveryCodesLeft: 8 });
    expect(
      (await auditActions(account.id)).filter((a) => a === 'user.two_factor_recovery_used'),
    ).toHaveLength(2);
  });

  it('ends a challenge after 5 wrong codes: even the right code is refused then', async () => {
    const { secret, challenge } = await challengeFor();
    const left: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(app, challenge, '000000');
      expect(res.statusCode).toBe(400);
      left.push(res.json().details.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const res = await verify(app, challenge, codeAt(secret, clock.now()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
  });

  it('ends a challenge after 5 minutes', async () => {
    const inTime = await challengeFor();
    clock.advance(5 * 60_000 - 1_000);
    expect((await verify(app, inTime.challenge, codeAt(inTime.secret, clock.now()))).statusCode).toBe(200);

    const late = await challengeFor();
    clock.advance(5 * 60_000);
    const res = await verify(app, late.challenge, codeAt(late.secret, clock.now()));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('This sign-in has expired. Sign in again.');
    clock.nextStep();
  });

  it('answers 401 to an unknown challenge and sign-in without two-factor sign-in is unchanged', async () => {
    const unknown = await verify(app, 'not-a-challenge', '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    const plain = await signedUp(app);
    const data = await passwordStep(app, plain.email, plain.password);
    expect(Object.keys(data).sort()).toEqual(['previousSignInAt', 'token', 'user']);
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs the password and a code to turn off; then sign-in needs only the password', async () => {
    const account = await signedUp(app);
    const { secret } = await enrol(app, account, clock);
    const code = () => codeAt(secret, clock.now());

    const wrongPassword = await post('/api/auth/2fa/disable', account.headers, {
      password: 'not-the-password',
      code: code(),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD' });
    const wrongCode = await post('/api/auth/2fa/disable', account.headers, {
      password: account.password,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect(await status(account.headers)).toMatchObject({ enabled: true });

    const { challenge } = await passwordStep(app, account.email, account.password);
    const res = await post('/api/auth/2fa/disable', account.headers, {
      password: account.password,
      code: code(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Two-factor sign-in is off.');
    expect(await status(account.headers)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    // Open challenges went with it.
    expect((await verify(app, challenge as string, code())).statusCode).toBe(401);
    expect(await passwordStep(app, account.email, account.password)).toHaveProperty('token');
    expect(await auditActions(account.id)).toContain('user.two_factor_disable');
    expect(await mailsTo(app, account.email, { subject: 'Two-factor sign-in is off' })).toHaveLength(1);
    const again = await post('/api/auth/2fa/disable', account.headers, {
      password: account.password,
      code: code(),
    });
    expect(again.statusCode).toBe(409);
    clock.nextStep();
  });

  it('makes 10 new recovery codes for a current code; the old ones stop working', async () => {
    const account = await signedUp(app);
    const { secret, recoveryCodes } = await enrol(app, account, clock);
    const wrong = await post('/api/auth/2fa/recovery-codes', account.headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const res = await post('/api/auth/2fa/recovery-codes', account.headers, {
      code: codeAt(secret, clock.now()),
    });
    expect(res.statusCode).toBe(200);
    const renewed: string[] = res.json().data.recoveryCodes;
    expect(renewed).toHaveLength(10);
    expect(renewed.some((code) => recoveryCodes.includes(code))).toBe(false);
    const { challenge } = await passwordStep(app, account.email, account.password);
    expect((await verify(app, challenge as string, recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await verify(app, challenge as string, renewed[0]!)).statusCode).toBe(200);
    expect(await auditActions(account.id)).toContain('user.two_factor_recovery_codes');
    expect(await mailsTo(app, account.email, { subject: 'New recovery codes' })).toHaveLength(1);
    const off = await signedUp(app);
    expect((await post('/api/auth/2fa/recovery-codes', off.headers, { code: '123456' })).statusCode).toBe(
      409,
    );
    clock.nextStep();
  });

  it('keeps the audit rows of the account itself as the actor', async () => {
    const account = await signedUp(app);
    await enrol(app, account, clock);
    const rows = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, account.id), eq(auditLog.action, 'user.two_factor_enable')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: account.id, targetType: 'user' });
  });
});
