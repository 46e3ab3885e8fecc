import type { UserRow } from '../../db/schema/users.ts';

/**
 * The user fields a request may read from `request.user` (set by the authenticate hook from the
 * session cache, so they may be up to a few seconds old on another instance; see
 * auth.session-cache.ts). Never the password hash. A route that needs more of the user, or a value
 * a decision must not take from a cached copy (money limits, the password), loads the row itself
 * with `loadUser`. Adding a field here means every write of it must call `tokens.invalidateUser`.
 */
export type SessionUser = Pick<
  UserRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'verificationLevel' | 'trustScore' | 'language'
>;

/**
 * The signed-in user of a request (set by the authenticate hook): the slim user and its session.
 * `twoFactorVerified`: this session was signed in with a second factor, or turned two-factor sign-in on
 * (sessions.two_factor_verified_at); it is cleared on every session of the user when two-factor sign-in
 * goes off, so it also means that it is on (docs/security.md "Two-factor sign-in").
 */
export type AuthUser = SessionUser & { sessionId: string; twoFactorVerified: boolean };
