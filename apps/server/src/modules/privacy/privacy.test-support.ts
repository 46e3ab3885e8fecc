import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { dataExports } from '../../db/schema/privacy.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { uniqueEmail } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/test-kit.ts';

/** Helpers shared by the privacy test files (imported only by tests). */
export type AccountHolder = TestUser & { password: string };

let people = 0;
/**
 * A user who signed up and signed in through the real routes (closing needs a real password hash),
 * with names no other test user has, so answers can be searched for them.
 */
export async function signUpAccountHolder(app: App, firstName = 'Ifeoma'): Promise<AccountHolder> {
  people += 1;
  const lastName = `Okafor${process.pid}x${people}`;
  const email = uniqueEmail(`close${people}`);
  const password = 'correct-horse-battery-1';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, firstName, lastName, acceptPrivacyNotice: true },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json().data.token as string;
  return {
    id: signup.json().data.user.id as string,
    email,
    token,
    headers: { authorization: `Bearer ${token}` },
    name: `${firstName} ${lastName}`,
    password,
  };
}

export const closeAccount = (app: App, user: TestUser, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/me/close', headers: user.headers, payload: body as object });

export const closureCheck = (app: App, user: TestUser) =>
  app.inject({ method: 'GET', url: '/api/auth/me/closure', headers: user.headers });

/**
 * Runs scheduler passes until the export reaches `status` (on the shared PostgreSQL of the service
 * suite, other files' exports may be built or expired in the same passes, so counts are not asserted).
 */
export async function runJobsUntilExport(app: App, exportId: string, status: 'READY' | 'EXPIRED') {
  for (let pass = 0; pass < 10; pass += 1) {
    await runDueJobs(app.deps);
    const [row] = await app.deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (row?.status === status) return row;
  }
  throw new Error(`export ${exportId} never became ${status}`);
}
