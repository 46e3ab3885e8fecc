import type { UserRole } from '@escrow/shared/schemas/auth';
import { TWO_FACTOR_SETUP_URL, TWO_FACTOR_TEXT } from '@escrow/shared/schemas/two-factor';
import type { AppConfig } from '../config/env.ts';
import { AppError } from './errors.ts';

/**
 * The staff rule of docs/security.md "Two-factor sign-in": with STAFF_TWO_FACTOR=required (the default
 * in production), SUPPORT and ADMIN act as staff only from a session that used the second factor.
 * `twoFactorVerified` is only ever true while two-factor sign-in is on (turning it off clears it on every
 * session), so one flag of the request's session answers both "on" and "used in this session" without
 * a query. Used by `requireRole` (plugins/auth.ts) and by the staff checks made inside a route (a staff
 * look at a dispute, internal notes, decisions, staff file access, the staff socket room).
 */
export function staffTwoFactorMet(
  user: { role: UserRole; twoFactorVerified: boolean },
  rule: AppConfig['staffTwoFactor'],
): boolean {
  return rule === 'optional' || user.role === 'USER' || user.twoFactorVerified;
}

/** 403 with where to turn it on, so the console can link there. */
export const twoFactorRequired = () =>
  new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_TEXT.required, { setupUrl: TWO_FACTOR_SETUP_URL });

export function assertStaffTwoFactor(
  user: { role: UserRole; twoFactorVerified: boolean },
  rule: AppConfig['staffTwoFactor'],
): void {
  if (!staffTwoFactorMet(user, rule)) throw twoFactorRequired();
}
