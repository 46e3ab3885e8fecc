import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../app.ts';
import type { Tx } from '../db/client.ts';
import { identityDocuments } from '../db/schema/identity.ts';
import { uploads } from '../db/schema/uploads.ts';
import { sessions } from '../db/schema/users.ts';
import { webhookEvents } from '../db/schema/webhooks.ts';
import { removeEndedSessions } from '../modules/auth/index.ts';
import { removeRejectedDocuments } from '../modules/identity/index.ts';
import { submitDocument } from '../modules/identity/identity.test-support.ts';
import { createUser, post, type TestUser } from '../testing/test-kit.ts';
import { removeIdentityDocumentUpload } from '../modules/uploads/index.ts';
import { clearOldWebhookBodies } from '../modules/webhooks/index.ts';
import { createEndpoint, removeEndpointsOf } from '../modules/webhooks/webhooks.test-support.ts';
import { createTestApp } from '../testing/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

/**
 * Two instances running the retention steps at the same moment on one PostgreSQL: each row is taken
 * by one of them (SKIP LOCKED), nothing fails, and everything due is gone. (Counts are at least ours:
 * test files share the database.)
 */
describe.runIf(Boolean(inject('databaseUrl')))('retention on two instances at once', () => {
  let app: App;
  let other: App;
  let user: TestUser;
  const NOW = Date.now() + 5 * MINUTE;
  const clock = { now: () => new Date(NOW) };
  const at = (ms: number) => new Date(NOW + ms);
  beforeAll(async () => {
    app = await createTestApp();
    other = await createTestApp();
    user = await createUser(app, 'Racer');
  });
  afterAll(async () => {
    await removeEndpointsOf(app, [user]);
    await other.close();
    await app.close();
  });

  it('ended sessions', async () => {
    const ids = (
      await app.deps.db
        .insert(sessions)
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            userId: user.id,
            createdAt: at(-100 * DAY),
            expiresAt: at(-91 * DAY - i * MINUTE),
          })),
        )
        .returning({ id: sessions.id })
    ).map((r) => r.id);
    const counts = await Promise.all(
      [app, other].map((a) => removeEndedSessions({ db: a.deps.db, clock }, { batchSize: 5 })),
    );
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(40);
    expect(await app.deps.db.select().from(sessions).where(inArray(sessions.id, ids))).toEqual([]);
  });

  it('rejected identity documents', async () => {
    const staff = await createUser(app, 'Staff', 'ADMIN');
    const placed: { documentId: string; uploadId: string; storageKey: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const owner = await createUser(app, 'Rejected');
      const { documentId, uploadId } = await submitDocument(app, owner);
      expect(
        (await post(app, staff, `/api/admin/documents/${documentId}/reject`, { reason: 'Blurred' }))
          .statusCode,
      ).toBe(200);
      await app.deps.db
        .update(identityDocuments)
        .set({ createdAt: at(-40 * DAY), reviewedAt: at(-35 * DAY) })
        .where(eq(identityDocuments.id, documentId));
      const [file] = await app.deps.db.select().from(uploads).where(eq(uploads.id, uploadId));
      placed.push({ documentId, uploadId, storageKey: file!.storageKey });
    }
    const errors: unknown[] = [];
    // Instances of one deployment share their file storage (S3): here, the first app's disk.
    const depsOf = (a: App) => ({
      db: a.deps.db,
      clock,
      log: { ...a.deps.log, error: (...args: unknown[]) => void errors.push(args) } as typeof a.deps.log,
      removeDocumentFile: (tx: Tx, uploadId: string) =>
        removeIdentityDocumentUpload(tx, app.deps.storage, uploadId),
    });
    const counts = await Promise.all(
      [app, other].map((a) => removeRejectedDocuments(depsOf(a), { batchSize: 2 })),
    );
    expect(errors).toEqual([]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(6);
    const ids = placed.map((p) => p.documentId);
    expect(
      await app.deps.db.select().from(identityDocuments).where(inArray(identityDocuments.id, ids)),
    ).toEqual([]);
    for (const p of placed) expect(await app.deps.storage.size(p.storageKey)).toBeNull();
  });

  it('webhook bodies', async () => {
    const { id: endpointId } = await createEndpoint(app, user, 'http://127.0.0.1:9/hook');
    const eventIds: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/developer/webhooks/${endpointId}/test`,
        headers: user.headers,
      });
      eventIds.push(res.json().data.delivery.eventId);
    }
    await app.deps.db
      .update(webhookEvents)
      .set({ createdAt: at(-31 * DAY) })
      .where(inArray(webhookEvents.id, eventIds));
    const counts = await Promise.all(
      [app, other].map((a) => clearOldWebhookBodies({ db: a.deps.db, clock }, { batchSize: 2 })),
    );
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(10);
    const rows = await app.deps.db
      .select({ body: webhookEvents.body })
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, eventIds));
    expect(rows.map((r) => r.body)).toEqual(eventIds.map(() => ''));
  });
});
