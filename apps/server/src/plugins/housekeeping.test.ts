import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { identityDocuments } from '../db/schema/identity.ts';
import { sessions } from '../db/schema/users.ts';
import { webhookEvents } from '../db/schema/webhooks.ts';
import { submitDocument } from '../modules/identity/identity.test-support.ts';
import { createUser, post, type TestUser } from '../testing/test-kit.ts';
import {
  createEndpoint,
  removeEndpointsOf,
  startReceiver,
} from '../modules/webhooks/webhooks.test-support.ts';
import { createTestApp } from '../testing/test-app.ts';
import { housekeeping } from './scheduler.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

/**
 * The hourly housekeeping runs every retention step of docs/privacy.md ("Retention"): one row or file
 * just past each limit goes, one just inside stays. The rules themselves are tested in each module
 * (`*.retention.test.ts`).
 */
describe('housekeeping', () => {
  let app: App;
  let user: TestUser;
  let staff: TestUser;
  const NOW = Date.now() + 5 * MINUTE;
  let now = NOW;
  const at = (ms: number) => new Date(NOW + ms);

  beforeAll(async () => {
    app = await createTestApp();
    app.deps.clock.now = () => new Date(now);
    user = await createUser(app, 'Kept');
    staff = await createUser(app, 'Staff', 'ADMIN');
  });
  afterAll(async () => {
    await removeEndpointsOf(app, [user]);
    await app.close();
  });

  it('applies each retention rule', async () => {
    // Sessions: ended 90 days ago and a minute more, and a minute less.
    const sessionIds = (
      await app.deps.db
        .insert(sessions)
        .values(
          [-90 * DAY - MINUTE, -90 * DAY + MINUTE].map((ended) => ({
            userId: user.id,
            createdAt: at(ended - DAY),
            expiresAt: at(ended),
          })),
        )
        .returning({ id: sessions.id })
    ).map((r) => r.id);

    // Identity documents rejected 30 days ago and a minute more, and a minute less.
    const documentIds: string[] = [];
    for (const [type, rejected] of [
      ['PASSPORT', -30 * DAY - MINUTE],
      ['DRIVERS_LICENSE', -30 * DAY + MINUTE],
    ] as const) {
      const { documentId } = await submitDocument(app, user, type);
      expect(
        (await post(app, staff, `/api/admin/documents/${documentId}/reject`, { reason: 'Blurred' }))
          .statusCode,
      ).toBe(200);
      await app.deps.db
        .update(identityDocuments)
        .set({ createdAt: at(rejected - DAY), reviewedAt: at(rejected) })
        .where(eq(identityDocuments.id, documentId));
      documentIds.push(documentId);
    }

    // Webhook events of 30 days ago and a minute more (still being retried), and a minute less.
    const receiver = await startReceiver(() => ({ status: 500 }));
    const eventIds: string[] = [];
    try {
      const { id: endpointId } = await createEndpoint(app, user, receiver.url);
      for (const made of [-30 * DAY - MINUTE, -30 * DAY + MINUTE]) {
        now = NOW + made;
        const res = await app.inject({
          method: 'POST',
          url: `/api/developer/webhooks/${endpointId}/test`,
          headers: user.headers,
        });
        eventIds.push(res.json().data.delivery.eventId);
      }
    } finally {
      now = NOW;
      await receiver.close();
    }

    // Outbox e-mails written 30 days ago and a minute more, and a minute less.
    const outbox = app.deps.mailer.outboxDir!;
    const mails: string[] = [];
    for (const written of [-30 * DAY - MINUTE, -30 * DAY + MINUTE]) {
      const { outboxFile } = await app.deps.mailer.send({
        to: 'kept@example.com',
        subject: 'Hi',
        text: 'Hello',
      });
      await utimes(path.join(outbox, outboxFile!), at(written), at(written));
      mails.push(outboxFile!);
    }

    await housekeeping(app.deps);

    const sessionsLeft = await app.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, sessionIds));
    expect(sessionsLeft.map((r) => r.id)).toEqual([sessionIds[1]]);
    const documentsLeft = await app.deps.db
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(inArray(identityDocuments.id, documentIds));
    expect(documentsLeft.map((r) => r.id)).toEqual([documentIds[1]]);
    // The old event's body was cleared, its retries ended, and the 30-day purge then removed it.
    const eventsLeft = await app.deps.db
      .select({ id: webhookEvents.id, body: webhookEvents.body })
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, eventIds));
    expect(eventsLeft).toEqual([{ id: eventIds[1], body: expect.stringContaining('"type":"ping"') }]);
    const files = await readdir(outbox);
    expect(files).not.toContain(mails[0]);
    expect(files).toContain(mails[1]);
    // The user's own session is untouched.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(
      200,
    );
  });
});
