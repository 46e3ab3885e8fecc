import { describe, expect, it } from 'vitest';
import { decideAccess, errorText, rememberedPath } from './navigation';
import { makeUser } from '../../testing/render-with-app';

describe('decideAccess', () => {
  const staffOnly = [['ADMIN', 'SUPPORT']] as const;
  it.each([
    ['loading', null, [], 'loading'],
    ['anonymous', null, [], 'login'],
    ['anonymous', null, staffOnly, 'login'],
    ['authenticated', makeUser({ role: 'USER' }), [], 'allowed'],
    ['authenticated', makeUser({ role: 'USER' }), staffOnly, 'unauthorized'],
    ['authenticated', makeUser({ role: 'ADMIN' }), staffOnly, 'allowed'],
    ['authenticated', makeUser({ role: 'SUPPORT' }), staffOnly, 'allowed'],
    // Nested lists must all allow the role.
    ['authenticated', makeUser({ role: 'SUPPORT' }), [['ADMIN', 'SUPPORT'], ['ADMIN']], 'unauthorized'],
  ] as const)('%s %o with %o → %s', (status, user, roles, expected) => {
    expect(decideAccess(status, user, roles)).toBe(expected);
  });
});

describe('rememberedPath', () => {
  it.each([
    [
      { from: { pathname: '/app/wallet', search: '?action=deposit', hash: '#top' } },
      '/app/wallet?action=deposit#top',
    ],
    [{ from: { pathname: '/app/join-transaction/abc' } }, '/app/join-transaction/abc'],
    [{ from: { pathname: '//evil.example/app' } }, null],
    [{ from: { pathname: '/\\evil.example' } }, null],
    [{ from: { pathname: 'https://evil.example' } }, null],
    [{ from: { pathname: '/login' } }, null],
    [{ from: { pathname: '/signup' } }, null],
    [{ from: { pathname: 42 } }, null],
    [{ from: null }, null],
    [null, null],
    ['nonsense', null],
  ])('%o → %s', (state, expected) => {
    expect(rememberedPath(state)).toBe(expected);
  });
});

describe('errorText', () => {
  it("uses the error's message, else the fallback", () => {
    expect(errorText(new Error('Invalid email or password'), 'Failed to sign in')).toBe(
      'Invalid email or password',
    );
    expect(errorText(new Error(''), 'Failed to sign in')).toBe('Failed to sign in');
    expect(errorText('boom', 'Failed to sign in')).toBe('Failed to sign in');
  });
});
