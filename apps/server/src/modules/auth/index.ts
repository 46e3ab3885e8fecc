/** Accounts: sign-up, sign-in, sessions (bearer tokens), profile and password reset. */
export { authRoutes } from './auth.routes.ts';
export { createTokenService, type TokenService } from './auth.tokens.ts';
export type { AuthDeps, AuthUser } from './auth.deps.ts';
