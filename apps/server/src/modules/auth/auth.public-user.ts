import type { PrivacyConsent, PublicUser } from '@escrow/shared/schemas/auth';
import type { UserRow } from '../../db/schema/users.ts';

/** The notice version the account accepted at sign-up and when; null when none was recorded. */
export function privacyConsentOf(
  row: Pick<UserRow, 'privacyNoticeVersion' | 'privacyNoticeAcceptedAt'>,
): PrivacyConsent {
  if (row.privacyNoticeVersion === null || row.privacyNoticeAcceptedAt === null) return null;
  return { version: row.privacyNoticeVersion, acceptedAt: row.privacyNoticeAcceptedAt.toISOString() };
}

/** The one mapping from a users row to what the API shows: everything but the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    profileLabel: row.profileLabel,
    profilePicture: row.profilePicture,
    verificationLevel: row.verificationLevel,
    trustScore: row.trustScore,
    isVerified: row.isVerified,
    onboardingCompleted: row.onboardingCompleted,
    hideAmounts: row.hideAmounts,
    language: row.language,
    privacyConsent: privacyConsentOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** E-mail addresses are stored and compared lower-cased (the unique index is on lower(email)). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
