import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@escrow/shared/texts/privacy-notice';
import type { App } from '../../app.ts';
import { dataExports } from '../../db/schema/privacy.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { castOf, type Cast } from '../disputes/disputes.test-support.ts';
import {
  closeAccount,
  runJobsUntilExport,
  signUpAccountHolder,
  type AccountHolder,
} from '../privacy/privacy.test-support.ts';
import { createUser, get, post } from '../../testing/test-kit.ts';

/**
 * The console's user page shows the user's privacy record (docs/privacy.md "Consent and
 * notices"): the notice accepted at sign-up, the data exports (states and times, never a way to download
 * them) and the closing.
 */
let app: App;
let cast: Cast;
beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
});
afterAll(async () => {
  await app.close();
});

const detail = async (userId: string, staff = cast.support) => {
  const res = await get(app, staff, `/api/admin/users/${userId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the user page: consent', () => {
  it('shows the version and time accepted at sign-up, and null for an account made without sign-up', async () => {
    const signedUp = await signUpAccountHolder(app, 'Kelechi');
    const seeded = await createUser(app, 'Seeded');
    const shown = await detail(signedUp.id);
    expect(shown.privacyConsent).toEqual({ version: PRIVACY_NOTICE_VERSION, acceptedAt: expect.any(String) });
    expect(Date.now() - new Date(shown.privacyConsent.acceptedAt).getTime()).toBeLessThan(60_000);
    expect((await detail(seeded.id)).privacyConsent).toBeNull();
  });
});

describe('the user page: data exports', () => {
  let holder: AccountHolder;
  const day = 86_400_000;
  const start = Date.now();
  const at = (offsetDays: number) => new Date(start + offsetDays * day);

  beforeAll(async () => {
    holder = await signUpAccountHolder(app, 'Zainab');
    // One made through the real routes and the scheduler (READY), the others in each other state.
    const asked = await post(app, holder, '/api/auth/me/export');
    expect(asked.statusCode, asked.body).toBe(202);
    await runJobsUntilExport(app, asked.json().data.export.id, 'READY');
    await app.deps.db.insert(dataExports).values([
      { userId: holder.id, status: 'FAILED', attempts: 3, createdAt: at(-4), updatedAt: at(-3.9) },
      {
        userId: holder.id,
        status: 'EXPIRED',
        readyAt: at(-20),
        expiresAt: at(-13),
        createdAt: at(-20),
        updatedAt: at(-13),
      },
      // Past its 7 days, before the purge job ran: EXPIRED to staff as to the owner.
      {
        userId: holder.id,
        status: 'READY',
        storageKey: 'never/served',
        size: 10,
        readyAt: at(-9),
        expiresAt: at(-2),
        createdAt: at(-9),
        updatedAt: at(-9),
      },
      { userId: holder.id, status: 'PENDING', createdAt: at(-30), updatedAt: at(-30) },
    ]);
  });

  it('lists every export newest first with its state and times, and no file, size or link', async () => {
    const { dataExports: listed } = await detail(holder.id);
    expect(listed.map((e: { status: string }) => e.status)).toEqual([
      'READY',
      'FAILED',
      'EXPIRED',
      'EXPIRED',
      'PENDING',
    ]);
    for (const item of listed) {
      expect(Object.keys(item).sort()).toEqual(
        ['expiresAt', 'failedAt', 'id', 'readyAt', 'requestedAt', 'status'].sort(),
      );
    }
    const [ready, failed, expiredBeforePurge, expired, pending] = listed;
    expect(ready).toMatchObject({
      readyAt: expect.any(String),
      expiresAt: expect.any(String),
      failedAt: null,
    });
    expect(failed).toEqual({
      id: expect.any(String),
      status: 'FAILED',
      requestedAt: at(-4).toISOString(),
      readyAt: null,
      expiresAt: null,
      failedAt: at(-3.9).toISOString(),
    });
    expect(expired).toMatchObject({
      requestedAt: at(-20).toISOString(),
      readyAt: at(-20).toISOString(),
      expiresAt: at(-13).toISOString(),
      failedAt: null,
    });
    expect(expiredBeforePurge).toMatchObject({ expiresAt: at(-2).toISOString(), failedAt: null });
    expect(pending).toMatchObject({ requestedAt: at(-30).toISOString(), readyAt: null, failedAt: null });
  });

  it('never gives staff the download: the owner gets the ZIP, SUPPORT and ADMIN get 404', async () => {
    const { dataExports: listed } = await detail(holder.id, cast.admin);
    const readyId = listed[0].id as string;
    const download = `/api/auth/me/exports/${readyId}/download`;
    expect((await get(app, holder, download)).statusCode).toBe(200);
    for (const staff of [cast.support, cast.admin]) {
      const res = await get(app, staff, download);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Export not found');
    }
    const body = JSON.stringify(await detail(holder.id));
    expect(body).not.toContain('/download');
    expect(body).not.toContain('never/served');
  });
});

describe('the user page: closing', () => {
  it('shows when the owner closed the account, with its consent kept and its exports gone', async () => {
    const closer = await signUpAccountHolder(app, 'Obinna');
    expect((await post(app, closer, '/api/auth/me/export')).statusCode).toBe(202);
    const closed = await closeAccount(app, closer, { password: closer.password });
    expect(closed.statusCode, closed.body).toBe(200);
    const shown = await detail(closer.id);
    expect(shown.user.closedAt).toEqual(expect.any(String));
    expect(shown.privacyConsent).toMatchObject({ version: PRIVACY_NOTICE_VERSION });
    expect(shown.dataExports).toEqual([]);
  });
});
