/** Accounts: sign-up, sign-in, sessions (bearer tokens), profile, password reset and closing the account. */
export { authRoutes } from './auth.routes.ts';
export { createTokenService, type TokenService } from './auth.tokens.ts';
export { createSessionCache, type SessionCache } from './auth.session-cache.ts';
export { loadUser } from './auth.load-user.ts';
export { completeSignIn, type SignedIn } from './auth.sign-in.ts';
export { confirmSignedInPassword } from './auth.reauth.ts';
export { describeDevice } from './auth.devices.ts';
export { privacyConsentOf } from './auth.public-user.ts';
export type { AuthDeps, AuthUser, SessionUser } from './auth.deps.ts';
export {
  closeAccountRow,
  confirmAccountPassword,
  lockAccountForClosing,
  type FormerAccount,
} from './auth.closure.ts';
export { accountForExport } from './auth.export.ts';
export { removeEndedSessions, ENDED_SESSION_RETENTION_MS } from './auth.retention.ts';
