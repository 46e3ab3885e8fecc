import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp, uniqueEmail } from '../testing/test-app.ts';
import { users } from './schema/users.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  app.deps.clock.now = () => new Date();
  await app.close();
});

describe('updatedAt', () => {
  it("takes the app's clock on an update that does not set it", async () => {
    const { db } = app.deps;
    const [user] = await db
      .insert(users)
      .values({ email: uniqueEmail('columns'), passwordHash: 'x', firstName: 'Ada', lastName: 'Obi' })
      .returning({ id: users.id });
    const later = new Date(Date.now() + 40 * 86_400_000);
    app.deps.clock.now = () => later;
    await db.update(users).set({ firstName: 'Adaeze' }).where(eq(users.id, user!.id));
    const [row] = await db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, user!.id));
    expect(row!.updatedAt.toISOString()).toBe(later.toISOString());
  });
});
