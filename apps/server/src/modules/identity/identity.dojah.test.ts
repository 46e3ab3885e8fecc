import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, post } from '../../testing/test-kit.ts';
import { createDojahProvider } from './identity.dojah.ts';
import { IdentityProviderUnavailable } from './identity.provider.ts';

/**
 * A local stand-in for Dojah. Success bodies are copied from Dojah's documentation:
 * - NIN entity: https://docs.dojah.io/docs/nigeria/verify-nin-with-selfie-image (test NIN 70123456789)
 * - BVN validation: https://docs.dojah.io/api-reference/endpoint/kyc_service/validate_bvn
 * - errors `{"error": "..."}`: https://api-docs.dojah.io/docs/virtual-nin and the status codes of
 *   https://docs.dojah.io/overview/response-codes
 */
const NIN_FOUND = {
  entity: {
    first_name: 'John',
    last_name: 'Doe',
    middle_name: 'Chinwe',
    gender: 'M',
    image: '/9j/4AAQScXJSgBBAgAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwg...',
    phone_number: '0812345678',
    date_of_birth: '1993-05-06',
    nin: '70123456789',
  },
};
const BVN_VALID = {
  entity: {
    bvn: { value: '22380348250', status: true },
    first_name: { confidence_value: 100, status: true },
    date_of_birth: { status: true },
  },
};
const BVN_NAME_MISMATCH = {
  entity: {
    bvn: { value: '22380348250', status: true },
    first_name: { confidence_value: 0, status: false },
    date_of_birth: { status: true },
  },
};

type Seen = { url: string; appId?: string; authorization?: string };
const seen: Seen[] = [];
let behaviour: (req: IncomingMessage, res: ServerResponse) => void = () => {};
let server: Server;
let baseUrl = '';

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      appId: req.headers.appid as string | undefined,
      authorization: req.headers.authorization,
    });
    if (req.headers.appid !== 'app-123' || req.headers.authorization !== 'test_sk_abc')
      return json(res, 401, { error: 'Unauthorized' });
    behaviour(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const provider = (overrides: Partial<{ secretKey: string; timeoutMs: number }> = {}) =>
  createDojahProvider(
    { baseUrl, appId: 'app-123', secretKey: 'test_sk_abc', timeoutMs: 2000, ...overrides },
    10,
  );
const nin = { kind: 'NIN' as const, number: '70123456789', firstName: 'John', lastName: 'Doe' };
const bvn = {
  kind: 'BVN' as const,
  number: '22380348250',
  firstName: 'John',
  lastName: 'Doe',
  dateOfBirth: '1993-05-06',
};

async function unavailable(promise: Promise<unknown>, reason: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentityProviderUnavailable);
  expect((error as IdentityProviderUnavailable).reason).toBe(reason);
}

describe('Dojah adapter against a stand-in', () => {
  it('NIN match: the record’s names, asked with AppId and the raw secret key', async () => {
    seen.length = 0;
    behaviour = (_req, res) => json(res, 200, NIN_FOUND);
    expect(await provider().lookup(nin)).toEqual({ status: 'FOUND', firstName: 'John', lastName: 'Doe' });
    expect(seen).toEqual([
      { url: '/api/v1/kyc/nin?nin=70123456789', appId: 'app-123', authorization: 'test_sk_abc' },
    ]);
  });

  it('BVN match and mismatch through the validation endpoint', async () => {
    seen.length = 0;
    behaviour = (_req, res) => json(res, 200, BVN_VALID);
    expect(await provider().lookup(bvn)).toEqual({ status: 'FOUND', firstName: 'John', lastName: 'Doe' });
    expect(seen[0]!.url).toBe(
      '/api/v1/kyc/bvn/full?bvn=22380348250&first_name=John&last_name=Doe&dob=1993-05-06',
    );
    behaviour = (_req, res) => json(res, 200, BVN_NAME_MISMATCH);
    expect(await provider().lookup(bvn)).toEqual({ status: 'NAME_MISMATCH' });
  });

  it('not found: 404 with Dojah’s error body, or a BVN whose status is false', async () => {
    behaviour = (_req, res) => json(res, 404, { error: 'NIN not found' });
    expect(await provider().lookup(nin)).toEqual({ status: 'NOT_FOUND' });
    behaviour = (_req, res) => json(res, 200, { entity: { bvn: { value: '22380348250', status: false } } });
    expect(await provider().lookup(bvn)).toEqual({ status: 'NOT_FOUND' });
  });

  it('provider 5xx: retried once when safe (503), then unavailable; a 500 is not retried', async () => {
    seen.length = 0;
    behaviour = (_req, res) => json(res, 503, { error: 'Service unavailable' });
    await unavailable(provider().lookup(nin), 'server');
    expect(seen).toHaveLength(2);
    seen.length = 0;
    behaviour = (_req, res) => json(res, 500, { error: 'Internal server error' });
    await unavailable(provider().lookup(nin), 'server');
    expect(seen).toHaveLength(1);
    seen.length = 0;
    let calls = 0;
    behaviour = (_req, res) => (++calls === 1 ? json(res, 502, 'Bad gateway') : json(res, 200, NIN_FOUND));
    expect((await provider().lookup(nin)).status).toBe('FOUND');
    expect(seen).toHaveLength(2);
  });

  it('wrong credentials (401): unavailable, not retried', async () => {
    seen.length = 0;
    await unavailable(provider({ secretKey: 'wrong' }).lookup(nin), 'credentials');
    expect(seen).toHaveLength(1);
  });

  it('malformed answers: unavailable', async () => {
    behaviour = (_req, res) => json(res, 200, '<html>oops</html>');
    await unavailable(provider().lookup(nin), 'malformed');
    behaviour = (_req, res) => json(res, 200, { entity: { first_name: 42 } });
    await unavailable(provider().lookup(nin), 'malformed');
    behaviour = (_req, res) => json(res, 200, { data: {} });
    await unavailable(provider().lookup(bvn), 'malformed');
  });

  it('timeout: unavailable, never retried', async () => {
    seen.length = 0;
    behaviour = (_req, res) => void setTimeout(() => json(res, 200, NIN_FOUND), 1000);
    await unavailable(provider({ timeoutMs: 150 }).lookup(nin), 'timeout');
    expect(seen).toHaveLength(1);
  });

  it('connection refused: retried once, then unavailable', async () => {
    const closed = createDojahProvider(
      { baseUrl: 'http://127.0.0.1:1', appId: 'a', secretKey: 'b', timeoutMs: 500 },
      10,
    );
    await unavailable(closed.lookup(nin), 'network');
  });
});

describe('the app with IDENTITY_PROVIDER=dojah', () => {
  it('verifies through Dojah when its keys are set, and answers 503 when Dojah fails', async () => {
    const app = await createTestApp({
      DOJAH_APP_ID: 'app-123',
      DOJAH_SECRET_KEY: 'test_sk_abc',
      DOJAH_BASE_URL: baseUrl,
    });
    try {
      expect(app.deps.identityProvider.name).toBe('dojah');
      const user = await createUser(app, 'John');
      await app.deps.db.update(users).set({ lastName: 'Doe' }).where(eq(users.id, user.id));
      const body = { nin: '70123456789', firstName: 'john', lastName: 'DOE', dateOfBirth: '1993-05-06' };
      behaviour = (_req, res) => json(res, 500, { error: 'Internal server error' });
      expect((await post(app, user, '/api/verification/nin', body)).statusCode).toBe(503);
      behaviour = (_req, res) => json(res, 200, NIN_FOUND);
      const res = await post(app, user, '/api/verification/nin', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ verificationLevel: 'ENHANCED', masked: '*******6789' });
    } finally {
      await app.close();
    }
  });
});
