import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser } from '../../testing/test-kit.ts';
import { createKey, partnerCall } from './partner.test-support.ts';

const BOUND_MS = 5_000;

/** Two instances on one PostgreSQL: a key revoked through A is refused by B within 5 s (polled). */
describe.runIf(Boolean(inject('databaseUrl')))('API key revocation across instances', () => {
  let a: App;
  let b: App;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses a revoked key on the other instance within 5 s', async () => {
    const owner = await createUser(a, 'Revoker');
    const key = await createKey(a, owner);
    // B has the key cached as valid before the revocation.
    expect((await partnerCall(b, key, 'GET', '/transactions')).statusCode).toBe(200);
    const revoked = await a.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${key.apiKey.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    const started = performance.now();
    expect((await partnerCall(a, key, 'GET', '/transactions')).statusCode).toBe(401);
    let status = 200;
    while (performance.now() - started < BOUND_MS) {
      status = (await partnerCall(b, key, 'GET', '/transactions')).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
  });
});
