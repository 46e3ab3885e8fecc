import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { migratedSnapshot } from '../../testing/test-app.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTransaction, createUser, get, type TestUser } from '../../testing/test-kit.ts';

const DAY = 86_400_000;
let app: App;
let creator: TestUser;

// A private in-memory database even in the PostgreSQL suite: moving this app's clock must not expire
// other test files' invitations.
beforeAll(async () => {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-jobs-')),
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      // Sessions follow the same clock: keep them alive past the invitation's 7 days.
      TOKEN_TTL_HOURS: String(24 * 30),
    },
    { memoryDatabase: true },
  );
  const database = await openDatabase(config.database, { startFrom: migratedSnapshot() });
  app = await buildApp({ config, database, logger: false });
  app.addHook('onClose', () => database.close());
  await app.ready();
  creator = await createUser(app, 'Ifeoma');
});
afterAll(async () => {
  await app.close();
});

describe('invitation expiry under a controlled clock', () => {
  it('cancels a PENDING transaction once its 7 days have passed, not before, stamped with that clock', async () => {
    const { transaction, code } = await createTransaction(app, creator, { creatorRole: 'SELLER' });
    const clock = app.deps.clock;
    const realNow = clock.now;
    const created = Date.parse(transaction.createdAt);
    try {
      clock.now = () => new Date(created + 7 * DAY - 60_000);
      expect((await runDueJobs(app.deps)).expired).toBe(0);
      expect(
        (await get(app, creator, `/api/transactions/${transaction.id}`)).json().data.transaction.status,
      ).toBe('PENDING');

      const later = new Date(created + 7 * DAY + 60_000);
      clock.now = () => later;
      expect((await runDueJobs(app.deps)).expired).toBe(1);
      expect((await runDueJobs(app.deps)).expired).toBe(0);
      const after = (await get(app, creator, `/api/transactions/${transaction.id}`)).json().data.transaction;
      expect(after).toMatchObject({
        status: 'CANCELLED',
        cancellationReason: 'Invitation expired',
        cancelledAt: later.toISOString(),
      });
      const notes = (await get(app, creator, '/api/notifications')).json().data.notifications;
      expect(notes[0]).toMatchObject({ title: 'Invitation expired', transactionId: transaction.id });
      const stranger = await createUser(app, 'Late');
      expect((await get(app, stranger, `/api/transactions/invite/${code}`)).statusCode).toBe(404);
    } finally {
      clock.now = realNow;
    }
  });
});
