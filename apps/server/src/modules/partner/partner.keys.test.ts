import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { createApiKey, hashKey, mayHoldKey } from './partner.keys.ts';
import { createKey, partnerCall } from './partner.test-support.ts';

describe('API keys', () => {
  let app: App;
  let owner: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createUser(app, 'Kemi');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates a test key shown once, stores only its hash, lists and revokes it at once', async () => {
    const { key, apiKey, headers } = await createKey(app, owner, ['transactions:read']);
    expect(key).toMatch(/^amk_test_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const [row] = await app.deps.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).toBe(hashKey(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const list = await app.inject({ method: 'GET', url: '/api/developer/keys', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.apiKeys as Record<string, unknown>[];
    expect(listed.map((k) => k.id)).toContain(apiKey.id);
    expect(list.body).not.toContain(key);

    expect((await partnerCall(app, { headers }, 'GET', '/transactions')).statusCode).toBe(200);
    const used = await app.inject({ method: 'GET', url: '/api/developer/keys', headers: owner.headers });
    expect(used.json().data.apiKeys[0].lastUsedAt).not.toBeNull();

    const stranger = await createUser(app, 'Musa');
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${apiKey.id}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${apiKey.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await partnerCall(app, { headers }, 'GET', '/transactions');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const relisted = await app.inject({ method: 'GET', url: '/api/developer/keys', headers: owner.headers });
    expect(relisted.json().data.apiKeys.map((k: { id: string }) => k.id)).not.toContain(apiKey.id);
  });

  it('opens nothing for a suspended owner', async () => {
    const suspended = await createUser(app, 'Sule');
    const key = await createKey(app, suspended);
    await app.deps.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect((await partnerCall(app, key, 'GET', '/transactions')).statusCode).toBe(401);
  });

  it('refuses missing, unknown, malformed and session credentials on partner routes (401)', async () => {
    const { key } = await createKey(app, owner);
    const unknown = key.slice(0, -4) + (key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const cases: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${unknown}` },
      { authorization: 'Bearer amk_test_short' },
      { authorization: key },
      owner.headers,
    ];
    for (const headers of cases) {
      const res = await app.inject({ method: 'GET', url: '/api/partner/v1/transactions', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });

  it('never opens a user route with a key (401 like any bad token)', async () => {
    const { headers } = await createKey(app, owner);
    const routes = [
      { method: 'GET', url: '/api/auth/me' },
      { method: 'PUT', url: '/api/auth/me', payload: { firstName: 'Hacked' } },
      { method: 'POST', url: '/api/wallet/withdraw', payload: { amount: 1000, bankAccountId: 'any' } },
      { method: 'GET', url: '/api/transactions/my-transactions' },
      { method: 'GET', url: '/api/developer/keys' },
    ] as const;
    for (const route of routes) {
      const res = await app.inject({ ...route, headers });
      expect(res.statusCode, route.url).toBe(401);
    }
  });

  it('answers 403 for a key without the scope a route needs', async () => {
    const reader = await createKey(app, owner, ['transactions:read']);
    const res = await partnerCall(app, reader, 'POST', '/transactions', { role: 'SELLER' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('This API key lacks the transactions:write scope');
    const writer = await createKey(app, owner, ['transactions:write']);
    expect((await partnerCall(app, writer, 'GET', '/transactions')).statusCode).toBe(403);
  });

  it('refuses bad key bodies with the envelope', async () => {
    for (const payload of [{}, { name: 'x', scopes: [] }, { name: 'x', scopes: ['admin'] }, { name: '' }]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/developer/keys',
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('gives live keys only to owners verified at ENHANCED or above', async () => {
    expect(mayHoldKey('test', 'BASIC')).toBe(true);
    expect(mayHoldKey('live', 'BASIC')).toBe(false);
    expect(mayHoldKey('live', 'ENHANCED')).toBe(true);
    expect(mayHoldKey('live', 'PREMIUM')).toBe(true);
    const live = { ...app.deps, payments: { ...app.deps.payments, testMode: false } };
    const body = { name: 'live', scopes: ['transactions:read' as const] };
    await expect(createApiKey(live, owner.id, body)).rejects.toMatchObject({ statusCode: 403 });
    await app.deps.db.update(users).set({ verificationLevel: 'ENHANCED' }).where(eq(users.id, owner.id));
    const created = await createApiKey(live, owner.id, body);
    expect(created.key).toMatch(/^amk_live_/);
    // This deployment runs in test mode: its live key opens nothing.
    const res = await partnerCall(
      app,
      { headers: { authorization: `Bearer ${created.key}` } },
      'GET',
      '/transactions',
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('API key rate limit', () => {
  let app: App;
  afterAll(async () => {
    await app?.close();
  });

  it('allows RATE_LIMIT_PARTNER_PER_MINUTE requests per key, then 429', async () => {
    app = await createTestApp({ RATE_LIMIT_PARTNER_PER_MINUTE: '3' });
    const owner = await createUser(app, 'Tolu');
    const first = await createKey(app, owner);
    const second = await createKey(app, owner);
    for (let i = 0; i < 3; i += 1)
      expect((await partnerCall(app, first, 'GET', '/transactions')).statusCode).toBe(200);
    const limited = await partnerCall(app, first, 'GET', '/transactions');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Per key: another key of the same owner has its own count.
    expect((await partnerCall(app, second, 'GET', '/transactions')).statusCode).toBe(200);
  });
});
