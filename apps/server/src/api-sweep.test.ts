import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { checkLedger } from './modules/ledger/ledger.service.ts';
import {
  createUser,
  deposit,
  driveTo,
  makeAdmin,
  PNG_BYTES,
  upload,
  walletBalance,
  type TestUser,
} from './testing/test-kit.ts';
import { createKey, partnerOrder } from './modules/partner/partner.test-support.ts';
import { nuban } from './modules/wallet/wallet.test-helpers.ts';
import { createTestApp } from './testing/test-app.ts';

/**
 * Every operation of the OpenAPI document, as a signed-in user with money in escrow and as an admin,
 * gets hostile path parameters, query strings and bodies. Each answer must be an envelope, and any
 * refusal must be a 4xx, never a 500. No balance may change, and the ledger must still balance.
 * New routes are covered as soon as they are registered: nothing here lists them by hand.
 */
type Operation = {
  method: string;
  path: string;
  jsonBody: boolean;
  bodyFields: string[];
  query: string[];
};

// Logging out would revoke the sweeping token; the docs UI is not JSON.
const SKIPPED = new Set(['POST /api/auth/logout']);
// Bodies of free text only (a question to the assistant): a hostile string such as 'NaN' is still a valid
// text, answered as text; anything that is not a string must still be refused.
const FREE_TEXT_BODIES = new Set(['POST /api/chatbot/ask']);

const HOSTILE_STRINGS = [
  "' or 1=1; drop table users; --",
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00\u0000null',
  'x'.repeat(20_000),
  '-1',
  '1e309',
  '__proto__',
  '00000000-0000-0000-0000-000000000000',
  '😀'.repeat(50),
];

const HOSTILE_VALUES: unknown[] = [
  null,
  -1,
  1e300,
  0.001,
  'NaN',
  'x'.repeat(20_000),
  { $gt: '' },
  ['a', 'b'],
  "' or '1'='1",
];

let app: App;
let user: TestUser;
let other: TestUser;
let admin: TestUser;
let operations: Operation[] = [];
let balancesBefore: number[] = [];
let transactionId = '';
let stranger: TestUser;
/** The sweeping user's own resources, by the path each id-taking route starts with. */
let owned: { prefix: string; id: string }[] = [];
let photoId = '';
/** Partner API routes take an API key instead of a session: each sweeping user's key. */
const partnerKeys = new Map<TestUser, { authorization: string }>();
const authFor = (who: TestUser, url: string) =>
  url.startsWith('/api/partner/') ? partnerKeys.get(who)! : who.headers;

beforeAll(async () => {
  app = await createTestApp({ WAITLIST_RATE_LIMIT_PER_MINUTE: '100000' });
  user = await createUser(app, 'Sweep');
  other = await createUser(app, 'Other');
  admin = await createUser(app, 'Admin');
  await makeAdmin(app, admin);
  // Money in the wallet and in escrow, so every code path has something to find.
  transactionId = await driveTo(app, { buyer: user, seller: other }, 'WAITING_FOR_BUYER_CONFIRMATION');
  await deposit(app, user, 100_000);

  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (SKIPPED.has(key)) continue;
      const json = op.requestBody?.content?.['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        jsonBody: Boolean(json),
        bodyFields: Object.keys(json?.schema?.properties ?? {}),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  operations = operations.filter((op) => op.path.startsWith('/api/'));

  stranger = await createUser(app, 'Stranger');
  for (const who of [user, admin, stranger]) partnerKeys.set(who, (await createKey(app, who)).headers);
  const depositRes = await app.inject({
    method: 'POST',
    url: '/api/wallet/deposit',
    headers: user.headers,
    payload: { amount: 10 },
  });
  const bankRes = await app.inject({
    method: 'POST',
    url: '/api/wallet/bank-accounts',
    headers: user.headers,
    payload: { bankCode: '058', accountNumber: nuban('058', '012345678') },
  });
  const notificationsRes = await app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: user.headers,
  });
  // A dispute the user raised on another trade, with a proposal from the other party waiting for them.
  const unpaidId = await driveTo(app, { buyer: user, seller: other }, 'ACTIVE');
  const intentRes = await app.inject({
    method: 'POST',
    url: `/api/transactions/${unpaidId}/payment-intent`,
    headers: user.headers,
    payload: { paymentMethod: 'CARD' },
  });
  const disputedId = await driveTo(app, { buyer: user, seller: other }, 'WAITING_FOR_SHIPMENT');
  const raised = await app.inject({
    method: 'POST',
    url: '/api/disputes',
    headers: user.headers,
    payload: {
      transactionId: disputedId,
      disputeType: 'DELIVERY',
      reason: 'Not shipped',
      description: 'The seller has not shipped.',
    },
  });
  const disputeId: string = raised.json().data.id;
  const proposed = await app.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/resolutions`,
    headers: other.headers,
    payload: { resolutionType: 'MEDIATION', resolution: 'NO_ACTION', reason: 'I will ship tomorrow' },
  });
  const proposalId: string = proposed.json().data.dispute.resolutions[0].id;
  photoId = (
    await app.inject({ method: 'GET', url: `/api/transactions/${transactionId}`, headers: user.headers })
  ).json().data.transaction.shipmentData.photos[0] as string;
  const messageRes = await app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: other.headers,
    payload: { transactionId, content: 'A message the user received' },
  });
  // An identity document the user submitted, waiting for staff review.
  const idUpload = await upload(
    app,
    user,
    { purpose: 'identity_document' },
    { name: 'id.png', data: PNG_BYTES },
  );
  const documentRes = await app.inject({
    method: 'POST',
    url: '/api/verification/document',
    headers: user.headers,
    payload: {
      documentType: 'PASSPORT',
      documentNumber: 'A12345678',
      uploadId: idUpload.json().data.upload.id,
    },
  });
  const sessionsRes = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: user.headers });
  // A vendor profile the user has not published: only its owner may see or save it.
  const draftRes = await app.inject({
    method: 'PUT',
    url: '/api/vendors/me',
    headers: user.headers,
    payload: {
      businessName: 'Draft Shop',
      description: 'Not published yet',
      specialties: ['Other'],
      state: 'Lagos',
      phone: '08031234567',
      email: 'draft@shop.example',
      published: false,
    },
  });
  // A webhook endpoint of the user's with a delivery queued (a ping to a port that refuses at once).
  const webhookRes = await app.inject({
    method: 'POST',
    url: '/api/developer/webhooks',
    headers: user.headers,
    payload: { url: 'http://127.0.0.1:9/webhook', events: ['transaction.paid'] },
  });
  const webhookId: string = webhookRes.json().data.webhook.id;
  const pingRes = await app.inject({
    method: 'POST',
    url: `/api/developer/webhooks/${webhookId}/test`,
    headers: user.headers,
  });
  const partnerRes = await app.inject({
    method: 'POST',
    url: '/api/partner/v1/transactions',
    headers: partnerKeys.get(user)!,
    payload: partnerOrder('sweep.buyer@example.com'),
  });
  const keysRes = await app.inject({ method: 'GET', url: '/api/developer/keys', headers: user.headers });
  // A "Download my data" request of the user's (docs/privacy.md): its download is theirs alone.
  const exportRes = await app.inject({ method: 'POST', url: '/api/auth/me/export', headers: user.headers });
  owned = [
    { prefix: '/api/auth/me/exports/{id}', id: exportRes.json().data.export.id },
    { prefix: '/api/partner/v1/transactions/{id}', id: partnerRes.json().data.transaction.id },
    { prefix: '/api/developer/keys/{id}', id: keysRes.json().data.apiKeys[0].id },
    { prefix: '/api/developer/webhooks/deliveries/{id}', id: pingRes.json().data.delivery.id },
    { prefix: '/api/developer/webhooks/{id}', id: webhookId },
    { prefix: '/api/admin/documents/{id}', id: documentRes.json().data.documentId },
    { prefix: '/api/auth/sessions/{id}', id: sessionsRes.json().data.sessions[0].id },
    { prefix: '/api/vendors/{id}', id: draftRes.json().data.vendor.id },
    { prefix: '/api/messages/transactions/{transactionId}', id: transactionId },
    { prefix: '/api/messages/{id}', id: messageRes.json().data.message.id },
    { prefix: '/api/wallet/deposit/{reference}', id: depositRes.json().data.deposit.reference },
    { prefix: '/api/payments/test-checkout/{reference}', id: intentRes.json().data.paymentIntent.reference },
    { prefix: '/api/wallet/bank-accounts/{id}', id: bankRes.json().data.bankAccount.id },
    { prefix: '/api/admin/users/{id}', id: user.id },
    { prefix: '/api/transactions/{id}', id: transactionId },
    { prefix: '/api/payment-conditions/transaction/{id}', id: transactionId },
    { prefix: '/api/notifications/{id}', id: notificationsRes.json().data.notifications[0].id },
    { prefix: '/api/uploads/{id}', id: photoId },
    { prefix: '/api/disputes/resolutions/{id}', id: proposalId },
    { prefix: '/api/disputes/{id}', id: disputeId },
    { prefix: '/api/admin/disputes/{id}', id: disputeId },
    { prefix: '/api/admin/transactions/{id}', id: transactionId },
    // Staff only: the role check refuses a stranger before the refund id is read (any id will do; the
    // user's trade was not refunded through a provider).
    { prefix: '/api/admin/refunds/{id}', id: transactionId },
    // Staff only as well: text messages are refused to a stranger before the message id is read.
    { prefix: '/api/admin/text-messages/{id}', id: transactionId },
  ];
  balancesBefore = [await walletBalance(app, user), await walletBalance(app, other)];
});

afterAll(async () => {
  await app.close();
});

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(value));

async function expectHandled(method: string, url: string, payload: unknown, who: TestUser) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...authFor(who, url),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
  const where = `${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.headers['content-type']?.toString().startsWith('application/json')) {
    const body = res.json();
    expect(typeof body.success, where).toBe('boolean');
    if (res.statusCode >= 400) {
      expect(body.success, where).toBe(false);
      expect(body.code, where).toEqual(expect.any(String));
      expect(body.error, where).toEqual(expect.any(String));
    }
  }
  return res.statusCode;
}

describe('every API operation under hostile input', () => {
  it('finds the operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toContain(
      'PUT /api/transactions/{id}/confirm-receipt',
    );
  });

  it('answers hostile path parameters with a 4xx envelope (or an ordinary answer), never a 500', async () => {
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      for (const value of HOSTILE_STRINGS) {
        for (const who of [user, admin]) {
          const status = await expectHandled(
            op.method,
            fill(op.path, value),
            op.jsonBody ? {} : undefined,
            who,
          );
          // No hostile id names anything that exists.
          if (op.method !== 'GET' || !op.path.includes('/invite/'))
            expect(status).toBeGreaterThanOrEqual(400);
        }
      }
    }
  });

  it('answers hostile query strings without a 500', async () => {
    for (const op of operations.filter((o) => o.query.length > 0)) {
      for (const value of HOSTILE_STRINGS) {
        const query = op.query.map((name) => `${name}=${encodeURIComponent(value)}`).join('&');
        await expectHandled(op.method, `${fill(op.path, 'x')}?${query}`, undefined, user);
      }
    }
  });

  it('answers malformed and hostile bodies with a 4xx envelope, never a 500', async () => {
    for (const op of operations.filter((o) => o.jsonBody)) {
      // The user's own transaction (in escrow, awaiting receipt), so ownership checks pass and validation
      // alone must refuse.
      const url = fill(op.path, transactionId);
      const bodies: unknown[] = [
        '{"broken": ',
        '[]',
        '"text"',
        'null',
        '{"__proto__": {"role": "ADMIN"}, "constructor": {"prototype": {"role": "ADMIN"}}}',
        ...HOSTILE_VALUES.map((value) => Object.fromEntries(op.bodyFields.map((field) => [field, value]))),
      ];
      for (const body of bodies) {
        const freeText =
          FREE_TEXT_BODIES.has(`${op.method} ${op.path}`) &&
          typeof body === 'object' &&
          body !== null &&
          Object.values(body).every((value) => typeof value === 'string');
        for (const who of [user, admin]) {
          const status = await expectHandled(op.method, url, body, who);
          if (freeText) continue;
          expect(
            status,
            `${op.method} ${op.path} ${JSON.stringify(body)?.slice(0, 80)}`,
          ).toBeGreaterThanOrEqual(400);
        }
      }
    }
  });

  it("never gives a stranger another user's resources: 404, or 403 where only staff may go", async () => {
    // An invitation code is meant to be handed to someone else, so it is not a private id.
    const idRoutes = operations.filter((o) => o.path.includes('{') && !o.path.includes('/invite/{code}'));
    expect(idRoutes.length).toBeGreaterThan(15);
    for (const op of idRoutes) {
      const resource = owned.find((r) => op.path.startsWith(r.prefix));
      // A new route that takes an id must say here whose resource it is.
      expect(resource, `no owned resource for ${op.method} ${op.path}`).toBeDefined();
      const url = fill(op.path, resource!.id);
      const staffOnly = op.path.startsWith('/api/admin/');
      // Staff routes get a valid body, so only the role check can refuse them.
      const payload = staffOnly ? JSON.stringify({ verificationLevel: 'PREMIUM' }) : '{}';
      const res = await app.inject({
        method: op.method as 'GET',
        url,
        headers: {
          ...authFor(stranger, url),
          ...(op.jsonBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(op.jsonBody ? { payload } : {}),
      });
      const where = `${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (staffOnly) expect(res.statusCode, where).toBe(403);
      // Reads must not even reveal that the id exists; a write may be refused earlier for its empty body.
      else if (op.method === 'GET') expect(res.statusCode, where).toBe(404);
      else expect([400, 404], where).toContain(res.statusCode);
    }
    // What the stranger tried changed nothing for the owner.
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(me.json().data.user.verificationLevel).toBe('BASIC');
    const mine = await app.inject({ method: 'GET', url: '/api/wallet/bank-accounts', headers: user.headers });
    expect(mine.json().data.bankAccounts).toHaveLength(1);
    const photo = await app.inject({
      method: 'GET',
      url: `/api/uploads/${photoId}`,
      headers: user.headers,
    });
    expect(photo.statusCode).toBe(200);
  });

  it('moved no money and left the ledger balanced', async () => {
    expect([await walletBalance(app, user), await walletBalance(app, other)]).toEqual(balancesBefore);
    const held = await app.inject({
      method: 'GET',
      url: `/api/transactions/${transactionId}`,
      headers: user.headers,
    });
    expect(held.json().data.transaction.status).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    expect((await checkLedger(app.deps.db)).problems).toEqual([]);
    // The sweeping account is still an ordinary user.
    const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).json();
    expect(me.data.user.role).toBe('USER');
  });
});
