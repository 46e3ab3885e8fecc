/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): TOTP with one-time recovery codes, the
 * second step of a sign-in, the code that confirms money and account steps, and the staff reset. The
 * module owns the two_factor_* tables; other code reaches it only through this file.
 */
export { twoFactorRoutes, staffTwoFactorWarning } from './two-factor.routes.ts';
export type { TwoFactorDeps } from './two-factor.deps.ts';
export { startTwoFactorSignIn } from './two-factor.sign-in.ts';
export { createSecondFactorCheck, type SecondFactorCheck } from './two-factor.confirm.ts';
export { resetTwoFactor, type StaffResetDeps } from './two-factor.staff-reset.ts';
export { forgetTwoFactorOf, removeEndedChallenges, twoFactorEnabledOf } from './two-factor.housekeeping.ts';
