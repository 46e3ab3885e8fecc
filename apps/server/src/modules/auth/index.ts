/** Accounts: sign-up, sign-in, sessions (bearer tokens), profile and password reset. */
export { authRoutes } from './auth.routes.ts';
export { createTokenService, type TokenService } from './auth.tokens.ts';
export { createSessionCache, type SessionCache } from './auth.session-cache.ts';
export { loadUser } from './auth.load-user.ts';
export { describeDevice } from './auth.devices.ts';
export type { AuthDeps, AuthUser, SessionUser } from './auth.deps.ts';
