import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp, uniqueEmail } from '../testing/test-app.ts';
import { ensureAdmin } from './seed.ts';
import { users } from './schema/users.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const log = { info: () => {} };
const roleOf = async (email: string) =>
  (await app.deps.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

describe('ensureAdmin with a role (npm run create-admin -- --role SUPPORT)', () => {
  it('creates a support agent, and moves an account between staff roles', async () => {
    const email = uniqueEmail('agent');
    expect(await ensureAdmin(app.deps.db, log, email, 'agent-pass-1', 'SUPPORT')).toBe('created');
    expect(await roleOf(email)).toBe('SUPPORT');
    expect(await ensureAdmin(app.deps.db, log, email, 'agent-pass-1', 'SUPPORT')).toBe('unchanged');
    expect(await ensureAdmin(app.deps.db, log, email, 'admin-pass-2', 'ADMIN')).toBe('promoted');
    expect(await roleOf(email)).toBe('ADMIN');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'admin-pass-2' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.user.role).toBe('ADMIN');
  });
});
