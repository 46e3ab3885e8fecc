import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPhone, PHONE_TEXT } from '@escrow/shared/schemas/phone';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { phoneVerifications, smsMessages } from '../../db/schema/phone.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, get, post, type TestUser } from '../../testing/test-kit.ts';
import { deliverDueTextMessages } from './phone.delivery.ts';
import { removeOldTextMessages } from './phone.retention.ts';
import { verifyPhone } from './phone.test-support.ts';

let app: App;
let admin: TestUser;
let support: TestUser;
let stranger: TestUser;
let owner: TestUser;
let phone: string;

/** A message written as the outbox writes it, `ageMs` old, in `status`. */
async function message(status: 'PENDING' | 'SENT' | 'FAILED', ageMs = 0) {
  const at = new Date(Date.now() - ageMs);
  const [row] = await app.deps.db
    .insert(smsMessages)
    .values({
      userId: owner.id,
      channel: 'SMS',
      toPhone: phone,
      body: 'Amana: Payment secured in escrow',
      status,
      attempts: status === 'FAILED' ? 5 : 0,
      nextAttemptAt: status === 'PENDING' ? at : null,
      lastError: status === 'FAILED' ? 'Termii answered 503' : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, 'Admin', 'ADMIN');
  support = await createUser(app, 'Support');
  await app.deps.db.update(users).set({ role: 'SUPPORT' }).where(eq(users.id, support.id));
  stranger = await createUser(app, 'Stranger');
  owner = await createUser(app, 'Owner');
  phone = await verifyPhone(app, owner);
});
afterAll(async () => {
  await app.close();
});

describe('staff view of text messages', () => {
  it('lists messages newest first with the number masked and never the text', async () => {
    const failed = await message('FAILED');
    for (const who of [admin, support]) {
      const res = await get(app, who, '/api/admin/text-messages?status=FAILED');
      expect(res.statusCode, res.body).toBe(200);
      const { messages, hasMore } = res.json().data;
      expect(hasMore).toBe(false);
      const listed = messages.find((m: { id: string }) => m.id === failed.id);
      expect(listed).toEqual({
        id: failed.id,
        userId: owner.id,
        channel: 'SMS',
        toPhone: maskPhone(phone),
        status: 'FAILED',
        attempts: 5,
        lastError: 'Termii answered 503',
        createdAt: failed.createdAt.toISOString(),
        sentAt: null,
        nextAttemptAt: null,
      });
      expect(messages.every((m: { status: string }) => m.status === 'FAILED')).toBe(true);
      expect(res.body).not.toContain('Payment secured');
      expect(res.body).not.toContain(phone);
    }
  });

  it('sends a FAILED message again (PENDING, due now, attempts from zero), audited; anything else is 409', async () => {
    const failed = await message('FAILED');
    const res = await post(app, support, `/api/admin/text-messages/${failed.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: PHONE_TEXT.retried,
      data: { message: { id: failed.id, status: 'PENDING', attempts: 0 } },
    });
    const [audit] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, failed.id), eq(auditLog.action, 'text_message.retry')));
    expect(audit).toMatchObject({
      actorId: support.id,
      targetType: 'text_message',
      summary: { before: { status: 'FAILED', attempts: 5 }, after: { status: 'PENDING', attempts: 0 } },
    });
    const again = await post(app, admin, `/api/admin/text-messages/${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', error: PHONE_TEXT.notFailed });
    await deliverDueTextMessages(app.deps);
    const [row] = await app.deps.db.select().from(smsMessages).where(eq(smsMessages.id, failed.id));
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
    expect((await post(app, admin, '/api/admin/text-messages/no-such-message/retry')).statusCode).toBe(404);
  });

  it('is refused to a plain user (403) and to nobody signed in (401); a bad filter is 400', async () => {
    const failed = await message('FAILED');
    expect((await get(app, stranger, '/api/admin/text-messages')).statusCode).toBe(403);
    const refused = await post(app, stranger, `/api/admin/text-messages/${failed.id}/retry`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await app.inject({ method: 'GET', url: '/api/admin/text-messages' })).statusCode).toBe(401);
    const [row] = await app.deps.db.select().from(smsMessages).where(eq(smsMessages.id, failed.id));
    expect(row!.status).toBe('FAILED');
    for (const query of ['status=LOST', 'page=0', 'page=abc'])
      expect((await get(app, admin, `/api/admin/text-messages?${query}`)).statusCode, query).toBe(400);
  });
});

describe('retention', () => {
  it('removes text messages after 30 days and verification codes after a day', async () => {
    const old = await message('SENT', 31 * 24 * 3600_000);
    const recent = await message('SENT', 28 * 24 * 3600_000);
    const codes = await app.deps.db
      .select({ id: phoneVerifications.id, createdAt: phoneVerifications.createdAt })
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, owner.id));
    expect(codes.length).toBeGreaterThan(0);
    const realNow = app.deps.clock.now;
    app.deps.clock.now = () => new Date(Date.now() + 25 * 3600_000);
    try {
      expect(await removeOldTextMessages(app.deps)).toBeGreaterThanOrEqual(1 + codes.length);
    } finally {
      app.deps.clock.now = realNow;
    }
    const left = await app.deps.db
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(eq(smsMessages.userId, owner.id));
    expect(left.map((r) => r.id)).toContain(recent.id);
    expect(left.map((r) => r.id)).not.toContain(old.id);
    expect(
      await app.deps.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, owner.id)),
    ).toEqual([]);
  });
});
