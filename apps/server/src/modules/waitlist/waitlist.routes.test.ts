import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { waitlistEntries } from '../../db/schema/waitlist.ts';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import { readOutbox, startWebhookStandIn } from './waitlist.test-helpers.ts';

let app: App;
let webhook: Awaited<ReturnType<typeof startWebhookStandIn>>;

beforeAll(async () => {
  webhook = await startWebhookStandIn();
  app = await createTestApp({
    WAITLIST_WEBHOOK_URL: webhook.url,
    WAITLIST_WEBHOOK_TIMEOUT_MS: '300',
    // The limit has its own test file; here it must not get in the way.
    WAITLIST_RATE_LIMIT_PER_MINUTE: '10000',
  });
});
afterAll(async () => {
  await app.close();
  await webhook.close();
});
beforeEach(() => webhook.setMode('ok'));

const join = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/waitlist', payload: payload as object });
const entry = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('wait'),
  firstName: 'Chiamaka',
  lastName: 'Obi',
  phone: '0803 123 4567',
  interest: 'business',
  ...overrides,
});
const rowsFor = (email: string) =>
  app.deps.db
    .select()
    .from(waitlistEntries)
    .where(eq(sql`lower(${waitlistEntries.email})`, email.toLowerCase()));

describe('POST /api/waitlist', () => {
  it('stores a valid entry, answers 201, then sends the welcome e-mail and forwards the entry', async () => {
    const body = entry();
    const res = await join(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { alreadyJoined: false } });

    const [row] = await rowsFor(body.email);
    expect(row).toMatchObject({
      email: body.email,
      firstName: 'Chiamaka',
      lastName: 'Obi',
      phone: '08031234567',
      interest: 'business',
    });

    await app.waitlistTasks.drain();
    expect(app.waitlistTasks.failed).toBe(0);
    const [mail, ...more] = await readOutbox(app, body.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/waitlist/i);
    expect(mail!.text).toContain('Hi Chiamaka');
    expect(mail!.text).toContain('Q4 2025');
    expect(mail!.text).toContain('support@amana.ng');
    expect(mail!.html).toContain('Q4 2025');
    expect(mail!.html).toContain('mailto:support@amana.ng');
    const [stored] = await rowsFor(body.email);
    expect(stored!.welcomeEmailSentAt).toBeInstanceOf(Date);

    const forwarded = webhook.received.find(
      (r) => (r as { body: { email: string } }).body.email === body.email,
    );
    expect(forwarded).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: { firstName: 'Chiamaka', lastName: 'Obi', phone: '08031234567', interest: 'business' },
    });
  });

  it('defaults the interest to individual and accepts a missing phone', async () => {
    const { interest: _i, phone: _p, ...body } = entry();
    const res = await join(body);
    expect(res.statusCode).toBe(201);
    const [row] = await rowsFor(body.email);
    expect(row).toMatchObject({ interest: 'individual', phone: null });
  });

  it('answers a second sign-up in another case with alreadyJoined, no second row and no second e-mail', async () => {
    const body = entry();
    expect((await join(body)).statusCode).toBe(201);
    await app.waitlistTasks.drain();
    const forwardedBefore = webhook.received.length;

    const again = await join({ ...body, email: body.email.toUpperCase(), firstName: 'Someone' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, data: { alreadyJoined: true } });
    await app.waitlistTasks.drain();

    const rows = await rowsFor(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Chiamaka');
    expect(await readOutbox(app, body.email)).toHaveLength(1);
    expect(webhook.received.length).toBe(forwardedBefore);
  });

  it('lets only one of two racing sign-ups with the same address in', async () => {
    const body = entry();
    const answers = await Promise.all([join(body), join({ ...body, email: body.email.toUpperCase() })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await rowsFor(body.email)).toHaveLength(1);
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, 'email'],
    ['a missing first name', { firstName: '' }, 'firstName'],
    ['a blank last name', { lastName: '   ' }, 'lastName'],
    ['an unknown interest', { interest: 'investor' }, 'interest'],
    ['a bad phone number', { phone: '12345' }, 'phone'],
    ['a name over 60 characters', { firstName: 'A'.repeat(61) }, 'firstName'],
    ['a name with control characters', { lastName: 'Obi\r\nBcc: victim@example.com' }, 'lastName'],
    ['a 10 000 character e-mail', { email: `${'a'.repeat(10_000)}@example.com` }, 'email'],
    ['a phone number of 1 000 digits', { phone: '1'.repeat(1000) }, 'phone'],
    ['an object instead of a name', { firstName: { $ne: '' } }, 'firstName'],
  ])('rejects %s with a 400 envelope', async (_label, override, field) => {
    const res = await join(entry(override));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('rejects malformed JSON, a missing body and an oversized body with 4xx envelopes', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false });

    const empty = await app.inject({ method: 'POST', url: '/api/waitlist' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false });

    const huge = await join(entry({ firstName: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('stores hostile but valid text as text and escapes it in the e-mail', async () => {
    const body = entry({ firstName: '<img src=x onerror=alert(1)>', lastName: "O'Brien & Sons" });
    expect((await join(body)).statusCode).toBe(201);
    await app.waitlistTasks.drain();
    const [mail] = await readOutbox(app, body.email);
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it.each(['fail', 'reset', 'slow'] as const)(
    'still signs the visitor up when the webhook is down (%s); the failure is only logged',
    async (mode) => {
      webhook.setMode(mode);
      const failedBefore = app.waitlistTasks.failed;
      const body = entry();
      const res = await join(body);
      expect(res.statusCode).toBe(201);
      await app.waitlistTasks.drain();
      expect(await rowsFor(body.email)).toHaveLength(1);
      expect(app.waitlistTasks.failed).toBe(failedBefore + 1);
      // The e-mail is independent of the webhook.
      expect(await readOutbox(app, body.email)).toHaveLength(1);
    },
  );
});
