import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { users } from '../../db/schema/users.ts';

const LIMIT = 3;
let app: App;
let smtpDown: App;
let user: TestUser;
let support: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_STAFF_EMAIL_PER_MINUTE: String(LIMIT) });
  // Nothing listens on port 9 (discard): the transport's connection is refused.
  smtpDown = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  user = await createUser(app, 'Plain');
  support = await createUser(app, 'Support');
  await app.deps.db.update(users).set({ role: 'SUPPORT' }).where(eq(users.id, support.id));
  admin = await createUser(app, 'Admin', 'ADMIN');
});
afterAll(async () => {
  await app.close();
  await smtpDown.close();
});

const post = (target: App, who: TestUser | null, url: string, payload?: object) =>
  target.inject({
    method: 'POST',
    url,
    headers: who ? who.headers : {},
    ...(payload === undefined ? {} : { payload }),
  });
const auditRows = (target: App, actorId: string) =>
  target.deps.db.select().from(auditLog).where(eq(auditLog.actorId, actorId));

describe('POST /api/email/test and /api/email/send: who may call', () => {
  it.each([
    ['/api/email/test', {}],
    ['/api/email/send', { to: 'someone@example.com', subject: 'Hi', message: 'Spam' }],
  ])('%s: 401 signed out, 403 for an ordinary user, nothing sent or logged', async (url, body) => {
    expect((await post(app, null, url, body)).statusCode).toBe(401);
    const res = await post(app, user, url, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await auditRows(app, user.id)).toHaveLength(0);
  });
});

describe('POST /api/email/test', () => {
  it('sends a test message to the caller (or the given address) through the outbox, and audits it', async () => {
    const res = await post(app, support, '/api/email/test', {});
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe('Test e-mail sent');
    expect(data).toMatchObject({ to: support.email, transport: 'outbox', messageId: expect.any(String) });
    const written = JSON.parse(
      await readFile(
        path.join(app.deps.mailer.outboxDir!, data.outboxFile.replace(/\.eml$/, '.json')),
        'utf8',
      ),
    );
    expect(written).toMatchObject({ to: support.email, subject: 'Amana Escrow: test e-mail' });

    const elsewhere = uniqueEmail('inbox');
    const to = await post(app, admin, '/api/email/test', { to: elsewhere });
    expect(to.json().data.to).toBe(elsewhere);

    const [row] = await auditRows(app, admin.id);
    expect(row).toMatchObject({ action: 'email.test', targetType: 'email', targetId: elsewhere });
    expect(row!.requestId).toEqual(expect.any(String));
  });
});

describe('POST /api/email/send', () => {
  it('sends the staff member’s message and records who sent what to whom (not the body)', async () => {
    const to = uniqueEmail('custom');
    const res = await post(app, admin, '/api/email/send', {
      to,
      subject: 'Your dispute',
      message: 'We have reviewed it.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'E-mail sent', data: { to } });
    const rows = (await auditRows(app, admin.id)).filter((r) => r.action === 'email.send');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.summary).toMatchObject({ after: { subject: 'Your dispute' } });
    expect(JSON.stringify(rows[0]!.summary)).not.toContain('We have reviewed it.');
  });

  it.each([
    [{}, 'Please fill in all fields'],
    [{ to: 'a@example.com', subject: '  ', message: 'x' }, 'Please fill in all fields'],
    [{ to: 'a@example.com', subject: 'x', message: '' }, 'Please fill in all fields'],
    [{ to: 'not-an-address', subject: 'x', message: 'y' }, 'Invalid email address'],
    [{ to: 'a@example.com\r\nBcc: b@example.com', subject: 'x', message: 'y' }, 'Invalid email address'],
    [
      { to: 'a@example.com', subject: 'Hi\r\nBcc: b@example.com', message: 'y' },
      'Subject contains invalid characters',
    ],
    [{ to: 'a@example.com', subject: 'x', message: 'y', from: 'ceo@bank.com' }, 'Unrecognized key: "from"'],
  ])('refuses %j with 400 "%s"', async (body, text) => {
    const res = await post(app, support, '/api/email/send', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: text });
  });

  it('answers 502 with the transport’s error when the SMTP server cannot be reached, and audits the failure', async () => {
    const staff = await createUser(smtpDown, 'Ops', 'ADMIN');
    const res = await post(smtpDown, staff, '/api/email/send', {
      to: 'a@example.com',
      subject: 'Hello',
      message: 'Body',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, code: 'MAIL_TRANSPORT_FAILED' });
    expect(res.json().error).toMatch(/^Failed to send custom email: .*ECONNREFUSED/);
    const [row] = await auditRows(smtpDown, staff.id);
    expect(row).toMatchObject({ action: 'email.send', targetId: 'a@example.com' });
    expect(row!.summary.note).toMatch(/^Transport error: /);
  });
});

describe('rate limit', () => {
  it(`allows ${LIMIT} calls a minute per staff member, then 429 with Retry-After`, async () => {
    const staff = await createUser(app, 'Busy', 'ADMIN');
    for (let i = 0; i < LIMIT; i++)
      expect((await post(app, staff, '/api/email/test', {})).statusCode).toBe(200);
    const limited = await post(app, staff, '/api/email/test', {});
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await auditRows(app, staff.id)).toHaveLength(LIMIT);
    // Another staff member has their own budget.
    expect((await post(app, await createUser(app, 'Calm', 'ADMIN'), '/api/email/test', {})).statusCode).toBe(
      200,
    );
  });
});
