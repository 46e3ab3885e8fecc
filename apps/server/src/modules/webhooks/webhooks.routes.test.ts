import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ENDPOINTS, WEBHOOK_TEXT } from '@escrow/shared/schemas/webhooks';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { createEndpoint, removeEndpointsOf } from './webhooks.test-support.ts';

let app: App;
let owner: TestUser;
let stranger: TestUser;
const others: TestUser[] = [];

beforeAll(async () => {
  app = await createTestApp();
  owner = await createUser(app, 'Owner');
  stranger = await createUser(app, 'Stranger');
});
afterAll(async () => {
  await removeEndpointsOf(app, [owner, ...others]);
  await app.close();
});

const call = (method: string, url: string, user: TestUser | null, payload?: unknown) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: user ? user.headers : {},
    ...(payload === undefined
      ? {}
      : typeof payload === 'string'
        ? { payload, headers: { ...user?.headers, 'content-type': 'application/json' } }
        : { payload: payload as object }),
  });

describe('webhook endpoints', () => {
  it('creates an endpoint, shows its secret once, and lists it without the secret', async () => {
    const res = await call('POST', '/api/developer/webhooks', owner, {
      url: 'https://partner.example/hooks/amana',
      events: ['transaction.paid', 'dispute.opened', 'transaction.paid'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { webhook, secret } = res.json().data;
    expect(res.json().message).toBe(WEBHOOK_TEXT.created);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({
      url: 'https://partner.example/hooks/amana',
      events: ['transaction.paid', 'dispute.opened'],
      enabled: true,
      previousSecretExpiresAt: null,
    });
    expect(webhook.id).toEqual(expect.any(String));
    expect(webhook.createdAt).toEqual(expect.any(String));

    const list = await call('GET', '/api/developer/webhooks', owner);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.webhooks.map((w: { id: string }) => w.id)).toContain(webhook.id);
    expect(list.body).not.toContain('whsec_');
    const theirs = await call('GET', '/api/developer/webhooks', stranger);
    expect(theirs.json().data.webhooks).toEqual([]);
  });

  it('updates the URL and events, and disables and enables the endpoint', async () => {
    const { id } = await createEndpoint(app, owner, 'https://partner.example/a');
    const changed = await call('PATCH', `/api/developer/webhooks/${id}`, owner, {
      url: 'https://partner.example/b',
      events: ['transaction.completed'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.webhook).toMatchObject({
      url: 'https://partner.example/b',
      events: ['transaction.completed'],
    });
    const off = await call('PATCH', `/api/developer/webhooks/${id}`, owner, { enabled: false });
    expect(off.json().data.webhook).toMatchObject({ enabled: false, disabledReason: null });
    expect(off.json().data.webhook.disabledAt).toEqual(expect.any(String));
    const ping = await call('POST', `/api/developer/webhooks/${id}/test`, owner);
    expect(ping.statusCode).toBe(409);
    expect(ping.json()).toMatchObject({ success: false, code: 'CONFLICT', error: WEBHOOK_TEXT.disabled });
    const on = await call('PATCH', `/api/developer/webhooks/${id}`, owner, { enabled: true });
    expect(on.json().data.webhook).toMatchObject({ enabled: true, disabledAt: null });
    await call('DELETE', `/api/developer/webhooks/${id}`, owner);
  });

  it('rotates the secret: a new one, the previous signing for 24 hours more', async () => {
    const { id, secret } = await createEndpoint(app, owner, 'https://partner.example/r');
    const res = await call('POST', `/api/developer/webhooks/${id}/rotate`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const { webhook, secret: next } = res.json().data;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const overlap = Date.parse(webhook.previousSecretExpiresAt) - app.deps.clock.now().getTime();
    expect(overlap).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    await call('DELETE', `/api/developer/webhooks/${id}`, owner);
  });

  it('queues a ping to one endpoint, and lists an empty log before it is sent', async () => {
    const { id } = await createEndpoint(app, owner, 'https://partner.example/p');
    const res = await call('POST', `/api/developer/webhooks/${id}/test`, owner);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.delivery).toMatchObject({
      endpointId: id,
      eventType: 'ping',
      status: 'PENDING',
      attempts: 0,
    });
    const log = await call('GET', `/api/developer/webhooks/${id}/deliveries`, owner);
    expect(log.json().data).toEqual({ attempts: [], page: 1, hasMore: false });
    const retried = await call(
      'POST',
      `/api/developer/webhooks/deliveries/${res.json().data.delivery.id}/retry`,
      owner,
    );
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json().data.delivery.status).toBe('PENDING');
    await call('DELETE', `/api/developer/webhooks/${id}`, owner);
  });

  it('deletes an endpoint (then 404)', async () => {
    const { id } = await createEndpoint(app, owner, 'https://partner.example/d');
    const res = await call('DELETE', `/api/developer/webhooks/${id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id }, message: WEBHOOK_TEXT.deleted });
    expect((await call('DELETE', `/api/developer/webhooks/${id}`, owner)).statusCode).toBe(404);
    const list = await call('GET', '/api/developer/webhooks', owner);
    expect(list.json().data.webhooks.map((w: { id: string }) => w.id)).not.toContain(id);
  });

  it(`allows at most ${WEBHOOK_MAX_ENDPOINTS} endpoints per user`, async () => {
    const user = await createUser(app, 'Many');
    others.push(user);
    await Promise.all(
      Array.from({ length: WEBHOOK_MAX_ENDPOINTS }, (_, i) =>
        createEndpoint(app, user, `https://partner.example/${i}`),
      ),
    );
    const res = await call('POST', '/api/developer/webhooks', user, {
      url: 'https://partner.example/one-too-many',
      events: ['transaction.paid'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'LIMIT_EXCEEDED', error: WEBHOOK_TEXT.tooMany });
  });
});

describe('bad input', () => {
  const good = { url: 'https://partner.example/in', events: ['transaction.paid'] };
  const badBodies: [string, unknown][] = [
    ['no body', undefined],
    ['malformed JSON', '{"url": '],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"https://partner.example"'],
    ['no url', { events: good.events }],
    ['no events', { url: good.url }],
    ['empty events', { ...good, events: [] }],
    ['an unknown event', { ...good, events: ['transaction.paid', 'user.deleted'] }],
    ['ping, which cannot be subscribed to', { ...good, events: ['ping'] }],
    ['events not a list', { ...good, events: 'transaction.paid' }],
    ['too many events', { ...good, events: Array(100).fill('transaction.paid') }],
    ['a number for url', { ...good, url: 42 }],
    ['an ftp url', { ...good, url: 'ftp://partner.example/in' }],
    ['a javascript url', { ...good, url: 'javascript:alert(1)' }],
    ['a relative url', { ...good, url: '/hooks' }],
    ['credentials in the url', { ...good, url: 'https://user:secret@partner.example/in' }],
    ['an oversized url', { ...good, url: `https://partner.example/${'x'.repeat(2000)}` }],
    ['prototype pollution', '{"__proto__": {"enabled": false}, "constructor": {"prototype": {}}}'],
    ['a NUL byte', { ...good, url: 'https://partner.example/\u0000' }],
  ];
  it.each(badBodies)('refuses create with %s: a 400 envelope', async (_name, body) => {
    const res = await call('POST', '/api/developer/webhooks', owner, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String), error: expect.any(String) });
  });

  it('refuses bad updates, ids and pages with 400, never 500', async () => {
    const { id } = await createEndpoint(app, owner, 'https://partner.example/bad');
    for (const body of [{}, { enabled: 'yes' }, { url: 'nope' }, { events: [] }, 'null'])
      expect((await call('PATCH', `/api/developer/webhooks/${id}`, owner, body)).statusCode).toBe(400);
    for (const query of ['page=0', 'page=-1', 'limit=1000', 'limit=abc', 'page=1e309'])
      expect((await call('GET', `/api/developer/webhooks/${id}/deliveries?${query}`, owner)).statusCode).toBe(
        400,
      );
    for (const badId of ["' or 1=1 --", 'x'.repeat(100), '../../etc', '%00'])
      for (const [method, path] of [
        ['GET', `/api/developer/webhooks/${encodeURIComponent(badId)}/deliveries`],
        ['POST', `/api/developer/webhooks/${encodeURIComponent(badId)}/rotate`],
        ['POST', `/api/developer/webhooks/deliveries/${encodeURIComponent(badId)}/retry`],
        ['DELETE', `/api/developer/webhooks/${encodeURIComponent(badId)}`],
      ]) {
        const res = await call(method!, path!, owner);
        expect([400, 404], `${method} ${path} → ${res.statusCode}`).toContain(res.statusCode);
        expect(res.json().success).toBe(false);
      }
    await call('DELETE', `/api/developer/webhooks/${id}`, owner);
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/developer/webhooks', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/developer/webhooks', null, good)).statusCode).toBe(401);
  });
});

describe("someone else's endpoint", () => {
  it('is 404 on every route, and stays as it was', async () => {
    const { id } = await createEndpoint(app, owner, 'https://partner.example/private');
    const ping = await call('POST', `/api/developer/webhooks/${id}/test`, owner);
    const deliveryId = ping.json().data.delivery.id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/developer/webhooks/${id}/deliveries`],
      ['PATCH', `/api/developer/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/developer/webhooks/${id}`],
      ['POST', `/api/developer/webhooks/${id}/rotate`],
      ['POST', `/api/developer/webhooks/${id}/test`],
      ['POST', `/api/developer/webhooks/deliveries/${deliveryId}/retry`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, stranger, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const list = await call('GET', '/api/developer/webhooks', owner);
    const mine = list.json().data.webhooks.find((w: { id: string }) => w.id === id);
    expect(mine).toMatchObject({ enabled: true, previousSecretExpiresAt: null });
    await call('DELETE', `/api/developer/webhooks/${id}`, owner);
  });
});
