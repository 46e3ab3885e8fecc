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
export {
  accountNamesOf,
  accountRow,
  lockAccountRow,
  lockVerificationLevel,
  verificationStandingOf,
} from './auth.account-rows.ts';
export {
  labelAsVendor,
  recordVerification,
  reinstateAccountRow,
  setVerificationLevelRow,
  storeTrustScore,
  suspendAccountRow,
} from './auth.account-standing.ts';
export { liveSessionsOf, searchAccountRows } from './auth.staff-search.ts';
export type { UserRow } from '../../db/schema/users.ts';
export {
  userCardOf,
  userContactsOf,
  userEmailOf,
  savedLanguageOf,
  savedLanguageOfAddress,
  userExists,
  userNameAndEmailOf,
  type UserCard,
  type UserContact,
} from './auth.contact-lookups.ts';
export { peopleByIds, type PersonRecord } from './auth.people.ts';
