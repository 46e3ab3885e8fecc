import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_CHECK_NOTICES, IDENTITY_PROVIDER_NAME } from '@escrow/shared/texts/identity-checks';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, post } from '../../testing/test-kit.ts';

/**
 * The verification screens tell the user what each check sends to the identity provider before it is
 * sent (packages/shared/src/texts/identity-checks.ts). This holds the texts to what the app
 * really sends: the checks go through the real routes to a stand-in Dojah, which records every query.
 */
const asked: URL[] = [];
let server: Server;
let app: App;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://dojah.test');
    asked.push(url);
    res.writeHead(200, { 'content-type': 'application/json' });
    const body = url.pathname.endsWith('/nin')
      ? { entity: { first_name: 'Ngozi', last_name: 'Eze' } }
      : { entity: { bvn: { status: true }, first_name: { status: true }, last_name: { status: true } } };
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app = await createTestApp({
    DOJAH_APP_ID: 'app-notice',
    DOJAH_SECRET_KEY: 'sk-notice',
    DOJAH_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await app?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * Numbers of this run only: one NIN or BVN verifies one account, and on the shared PostgreSQL database other
 * files verify their own fixed numbers at the same time.
 */
const elevenDigits = () => String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));
const NIN = elevenDigits();
const BVN = elevenDigits();

describe('what the identity checks send matches what the screens say', () => {
  it.each([
    [
      'NIN',
      '/api/verification/nin',
      { nin: NIN, firstName: 'Ngozi', lastName: 'Eze', dateOfBirth: '1990-04-12' },
      '/api/v1/kyc/nin',
      { nin: NIN },
      'your NIN to our identity provider',
    ],
    [
      'BVN',
      '/api/verification/bvn',
      { bvn: BVN, firstName: 'Ngozi', lastName: 'Eze', phoneNumber: '08031234567' },
      '/api/v1/kyc/bvn/full',
      { bvn: BVN, first_name: 'Ngozi', last_name: 'Eze' },
      'your BVN, first name and last name to our identity provider',
    ],
  ] as const)(
    '%s: only what the notice names reaches the provider',
    async (kind, path, body, endpoint, sent, said) => {
      const user = await createUser(app, 'Ngozi');
      await app.deps.db.update(users).set({ lastName: 'Eze' }).where(eq(users.id, user.id));
      asked.length = 0;
      const res = await post(app, user, path, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.pathname).toBe(endpoint);
      expect(Object.fromEntries(asked[0]!.searchParams)).toEqual(sent);
      const notice = IDENTITY_CHECK_NOTICES[kind];
      expect(notice.sent).toContain(said);
      expect(notice.sent).toContain(IDENTITY_PROVIDER_NAME);
      // The form's third detail goes no further than our server, as the notice says.
      const third = kind === 'NIN' ? 'date of birth' : 'phone number';
      expect(notice.kept).toContain(`Your ${third} is not sent to the provider and not kept.`);
      expect(JSON.stringify([...asked[0]!.searchParams.values()])).not.toContain(
        kind === 'NIN' ? '1990-04-12' : '08031234567',
      );
    },
  );

  it('a document goes to no provider', async () => {
    expect(IDENTITY_CHECK_NOTICES.DOCUMENT.sent).toContain('not sent to an identity provider');
  });
});
