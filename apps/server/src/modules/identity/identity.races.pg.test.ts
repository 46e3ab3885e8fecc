import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { identityNumbers, verificationHistory } from '../../db/schema/identity.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, post } from '../../testing/test-kit.ts';
import { ninBody } from './identity.test-support.ts';

/**
 * Identity races need real concurrency: PostgreSQL with a pool and two app instances sharing one
 * database and one IDENTITY_ENCRYPTION_KEY (as every instance of a deployment must).
 */
describe.runIf(Boolean(inject('databaseUrl')))('identity races on PostgreSQL', () => {
  let app: App;
  let other: App;
  const env = { IDENTITY_ENCRYPTION_KEY: 'cd'.repeat(32) };
  beforeAll(async () => {
    app = await createTestApp(env);
    other = await createTestApp(env);
  });
  afterAll(async () => {
    await other.close();
    await app.close();
  });
  const instance = (i: number) => (i % 2 ? other : app);

  it('10 accounts racing for one NIN on two instances: exactly one verified, the rest IDENTITY_IN_USE', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => createUser(app, 'Racer')));
    const nin = `1${Date.now().toString().slice(-10)}`;
    const answers = await Promise.all(
      people.map((p, i) => post(instance(i), p, '/api/verification/nin', ninBody(p, nin))),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(9);
    expect(
      answers.filter((r) => r.statusCode === 422).every((r) => r.json().code === 'IDENTITY_IN_USE'),
    ).toBe(true);
    const rows = await app.deps.db
      .select()
      .from(identityNumbers)
      .where(eq(identityNumbers.numberHmac, app.deps.identityCrypto.hmac('NIN', nin)));
    expect(rows).toHaveLength(1);
  });

  it('12 racing attempts by one user: at most 5 answered, the rest 429', async () => {
    const user = await createUser(app, 'Hasty');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(instance(i), user, '/api/verification/nin', ninBody(user, '00000000000')),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    const history = await app.deps.db
      .select()
      .from(verificationHistory)
      .where(eq(verificationHistory.userId, user.id));
    expect(history).toHaveLength(5);
  });
});
