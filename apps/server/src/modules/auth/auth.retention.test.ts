import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { removeEndedSessions } from './auth.retention.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
/** The table's figure (docs/privacy.md), not the code's constant: a changed constant fails here. */
const LIMIT = 90 * DAY;

/**
 * Sessions (the sign-in history) go 90 days after they ended, expired or revoked, whichever came
 * first; a live session and anything younger stay. Rows are placed around a fixed "now" given by the
 * clock, so on a shared PostgreSQL only this file's rows are old enough to be in play (counts are at
 * least ours).
 */
describe('retention of ended sessions', () => {
  let app: App;
  let owner: TestUser;
  let other: TestUser;
  const NOW = new Date(Date.now() + 5 * MINUTE);
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  const deps = () => ({ db: app.deps.db, clock: { now: () => NOW } });

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createUser(app, 'Session');
    other = await createUser(app, 'Other');
  });
  afterAll(async () => {
    await app.close();
  });

  type Row = {
    name: string;
    user: () => TestUser;
    createdAt: Date;
    expiresAt: Date;
    revokedAt: Date | null;
    goes: boolean;
  };
  const rows: Row[] = [
    // Live: neither expired nor revoked, however long ago it began.
    {
      name: 'live, begun 200 days ago',
      user: () => owner,
      createdAt: at(-200 * DAY),
      expiresAt: at(DAY),
      revokedAt: null,
      goes: false,
    },
    {
      name: 'expired just inside 90 days',
      user: () => owner,
      createdAt: at(-LIMIT - DAY),
      expiresAt: at(-LIMIT + MINUTE),
      revokedAt: null,
      goes: false,
    },
    {
      name: 'expired just past 90 days',
      user: () => owner,
      createdAt: at(-LIMIT - DAY),
      expiresAt: at(-LIMIT - MINUTE),
      revokedAt: null,
      goes: true,
    },
    {
      name: 'revoked just inside 90 days',
      user: () => owner,
      createdAt: at(-LIMIT - DAY),
      expiresAt: at(DAY),
      revokedAt: at(-LIMIT + MINUTE),
      goes: false,
    },
    {
      name: 'revoked just past 90 days (would expire later)',
      user: () => owner,
      createdAt: at(-LIMIT - DAY),
      expiresAt: at(-LIMIT + 10 * DAY),
      revokedAt: at(-LIMIT - MINUTE),
      goes: true,
    },
    // Revoked lately, but it had ended long before, when it expired (closing revokes expired rows too).
    {
      name: 'expired past 90 days, revoked yesterday',
      user: () => owner,
      createdAt: at(-LIMIT - 2 * DAY),
      expiresAt: at(-LIMIT - MINUTE),
      revokedAt: at(-DAY),
      goes: true,
    },
    {
      name: 'revoked yesterday',
      user: () => owner,
      createdAt: at(-10 * DAY),
      expiresAt: at(DAY),
      revokedAt: at(-DAY),
      goes: false,
    },
    // Another user's: the same rule, nothing more.
    {
      name: "another user's live session",
      user: () => other,
      createdAt: at(-100 * DAY),
      expiresAt: at(DAY),
      revokedAt: null,
      goes: false,
    },
    {
      name: "another user's recently expired session",
      user: () => other,
      createdAt: at(-30 * DAY),
      expiresAt: at(-20 * DAY),
      revokedAt: null,
      goes: false,
    },
    {
      name: "another user's session ended past 90 days",
      user: () => other,
      createdAt: at(-LIMIT - 5 * DAY),
      expiresAt: at(-LIMIT - 4 * DAY),
      revokedAt: null,
      goes: true,
    },
  ];

  const insert = async (list: Row[]) => {
    const inserted = await app.deps.db
      .insert(sessions)
      .values(
        list.map((r) => ({
          userId: r.user().id,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
          expiresAt: r.expiresAt,
          revokedAt: r.revokedAt,
          userAgent: 'Mozilla/5.0 (retention test)',
          ipAddress: '203.0.113.7',
        })),
      )
      .returning({ id: sessions.id });
    return inserted.map((r) => r.id);
  };
  const present = async (ids: string[]) =>
    new Set(
      (await app.deps.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map(
        (r) => r.id,
      ),
    );

  it('deletes exactly the sessions that ended more than 90 days ago', async () => {
    const ids = await insert(rows);
    expect(await removeEndedSessions(deps())).toBeGreaterThanOrEqual(rows.filter((r) => r.goes).length);
    const left = await present(ids);
    for (const [index, row] of rows.entries())
      expect(left.has(ids[index]!), `${row.name}: ${row.goes ? 'deleted' : 'kept'}`).toBe(!row.goes);
    // The sessions the test users signed in with, and the users themselves, are untouched.
    for (const user of [owner, other]) {
      expect(await app.deps.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode,
      ).toBe(200);
    }
    // Nothing more is due: a second pass removes none of these.
    await removeEndedSessions(deps());
    expect(await present(ids)).toEqual(left);
  });

  it('works in bounded batches: each statement takes at most batchSize, each call at most maxBatches', async () => {
    const due = Array.from({ length: 5 }, (_, i): Row => ({
      name: `due ${i}`,
      user: () => owner,
      createdAt: at(-LIMIT - 3 * DAY),
      expiresAt: at(-LIMIT - DAY - i * MINUTE),
      revokedAt: null,
      goes: true,
    }));
    const ids = await insert(due);
    expect(await removeEndedSessions(deps(), { batchSize: 2, maxBatches: 1 })).toBe(2);
    expect((await present(ids)).size).toBe(3);
    expect(await removeEndedSessions(deps(), { batchSize: 2, maxBatches: 10 })).toBeGreaterThanOrEqual(3);
    expect((await present(ids)).size).toBe(0);
  });

  it('a deleted session is refused like a revoked one', async () => {
    const user = await createUser(app, 'Gone');
    const [row] = await app.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    await app.deps.db
      .update(sessions)
      .set({ revokedAt: at(-LIMIT - MINUTE) })
      .where(eq(sessions.id, row!.id));
    app.tokens.invalidateUser(user.id);
    expect(await removeEndedSessions(deps())).toBeGreaterThanOrEqual(1);
    expect(await present([row!.id])).toEqual(new Set());
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(
      401,
    );
  });
});
