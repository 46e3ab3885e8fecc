import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { systemClock } from '../../lib/clock.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../wallet/wallet.test-helpers.ts';
import { createSessionCache } from './auth.session-cache.ts';
import { bearer } from './auth.test-support.ts';
import { createTokenService } from './auth.tokens.ts';

const OLD = 'the-old-secret-that-is-long-enough-0123456789';
const NEW = 'the-new-secret-that-is-long-enough-9876543210';

/**
 * Rotating JWT_SECRET (docs/operations.md): while JWT_SECRET_PREVIOUS holds the old secret, tokens signed
 * with it still work; new tokens are signed with the new one; once the previous secret is dropped, old
 * tokens are refused.
 */
describe('JWT secret rotation', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD });
  });
  afterAll(async () => {
    await app.close();
  });

  const tokenService = (secret: string | string[]) =>
    createTokenService(
      app.deps.db,
      systemClock(),
      secret,
      24,
      createSessionCache({ clock: systemClock(), log: { warn: vi.fn(), info: vi.fn() } }),
    );

  it('accepts a token signed with the previous secret during the rotation', async () => {
    const { user } = await createTestUser(app);
    const { token } = await tokenService(OLD).issue(user.id);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.user.id).toBe(user.id);
  });

  it('signs new tokens with the current secret only', async () => {
    const { user } = await createTestUser(app);
    const { token } = await app.deps.tokens.issue(user.id);
    expect(await tokenService(NEW).verify(token)).toMatchObject({ user: { id: user.id } });
    expect(await tokenService(OLD).verify(token)).toBeNull();
  });

  it('refuses the old secret once it is no longer configured, and a secret it never knew', async () => {
    const { user } = await createTestUser(app);
    const { token } = await tokenService(OLD).issue(user.id);
    expect(await tokenService([NEW, OLD]).verify(token)).not.toBeNull();
    expect(await tokenService(NEW).verify(token)).toBeNull();
    const stranger = await tokenService('a-third-secret-that-is-long-enough-000000').issue(user.id);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(stranger.token) });
    expect(me.statusCode).toBe(401);
  });
});
