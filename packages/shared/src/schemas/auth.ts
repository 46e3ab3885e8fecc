import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { CONSENT_TEXT } from '../texts/privacy-notice.ts';
import { msg } from '../i18n/msg.ts';

/** The product's texts (docs/product.md "Texts that matter"); they live only here. */
export const AUTH_TEXT = {
  invalidEmailSignIn: msg('Please enter a valid email address'),
  passwordRequired: msg('Password is required'),
  firstNameRequired: msg('First name is required'),
  lastNameRequired: msg('Last name is required'),
  invalidEmail: msg('Invalid email address'),
  // A field left empty says it is required, not that it is invalid.
  emailRequired: msg('Email is required'),
  passwordMin6: msg('Password must be at least 6 characters'),
  confirmRequired: msg('Please confirm your password'),
  passwordsDontMatch: msg("Passwords don't match"),
  newPasswordMin8: msg('New password must be at least 8 characters long'),
  newPasswordsDontMatch: msg('New passwords do not match'),
  resetGeneric: msg('If an account with that email exists, a reset link has been sent!'),
  // The server's own answers, kept here so the web app can match on them.
  currentPasswordRequired: msg('Current password is required'),
  currentPasswordIncorrect: msg('Current password is incorrect'),
  currentPasswordNeededForEmail: msg('Please enter your current password to change your email'),
  invalidResetToken: msg('This reset link is invalid or has expired'),
  emailTaken: msg('An account with this email already exists'),
  invalidCredentials: msg('Invalid email or password'),
  tooManyLoginFailures: msg('Too many failed sign-in attempts. Please try again later.'),
  tooManyPasswordFailures: msg('Too many incorrect password attempts. Please try again later.'),
  profileUpdated: msg('Profile updated successfully!'),
  passwordChanged: msg('Password changed successfully!'),
  signupDone: msg('Account created successfully! Please login to continue.'),
  passwordReset: msg('Your password has been reset. Please sign in with your new password.'),
  loggedOut: msg('Signed out'),
  invalidProfilePicture: msg('Invalid profile picture'),
} as const;

// `error` on the base string also covers a missing field or a wrong type, so a request without the
// field gets the same text as an empty one.
// An empty string says the e-mail is required; anything else that is not an address gets `message`.
const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message: AUTH_TEXT.emailRequired, abort: true })
    .max(254, message)
    .pipe(z.email(message));
// Argon2 work grows with input; a sane upper bound keeps a hostile 1 MB password from costing CPU.
const password = (required: string, min: number, empty = min === 1 ? required : AUTH_TEXT.passwordRequired) =>
  z
    .string({ error: required })
    .min(1, { message: empty, abort: true })
    .min(min, required)
    .max(128, msg('Password must be at most 128 characters'));
// Names appear in e-mails, the operator console and PDFs: angle brackets and control characters have
// no place in a name and are refused rather than trusted to be escaped everywhere.
const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(60, msg('Name must be at most 60 characters'))
    .regex(/^[^<>\p{Cc}]*$/u, msg('Name contains invalid characters'));

export const loginSchema = z.object({
  email: email(AUTH_TEXT.invalidEmailSignIn),
  password: password(AUTH_TEXT.passwordRequired, 1),
});

export const signupSchema = z.object({
  email: email(AUTH_TEXT.invalidEmail),
  password: password(AUTH_TEXT.passwordMin6, 6),
  firstName: name(AUTH_TEXT.firstNameRequired),
  lastName: name(AUTH_TEXT.lastNameRequired),
  // The account records the notice version accepted and when (docs/privacy.md "Consent and
  // notices"). Exactly `true`: missing, false, "true" or 1 are refused on this field.
  acceptPrivacyNotice: z.literal(true, { error: CONSENT_TEXT.required }),
  // The language chosen before signing up (the switcher); without it, the Accept-Language header.
  language: z.enum(LANGUAGES).optional(),
});

/** The sign-up form adds the confirmation field; the API does not need it. */
export const signupFormSchema = signupSchema
  .extend({
    confirmPassword: z.string().min(1, AUTH_TEXT.confirmRequired),
    // A checkbox: false until ticked, refused with the API's text.
    acceptPrivacyNotice: z.boolean().refine((v) => v, CONSENT_TEXT.required),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_TEXT.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const updateProfileSchema = z
  .object({
    firstName: name(AUTH_TEXT.firstNameRequired).optional(),
    lastName: name(AUTH_TEXT.lastNameRequired).optional(),
    email: email(AUTH_TEXT.invalidEmail).optional(),
    currentPassword: password(AUTH_TEXT.currentPasswordRequired, 1).optional(),
    // An upload id (purpose profile_picture), or null to remove the picture. Older callers name it
    // profilePicture, newer ones profilePictureId: both are accepted (the latter wins if both come).
    profilePicture: z.uuid(AUTH_TEXT.invalidProfilePicture).nullable().optional(),
    profilePictureId: z.uuid(AUTH_TEXT.invalidProfilePicture).nullable().optional(),
    onboardingCompleted: z.boolean().optional(),
    hideAmounts: z.boolean().optional(),
    /** The screens', e-mails' and notices' language (docs/languages.md). */
    language: z.enum(LANGUAGES).optional(),
    // A first or last name change that withdraws verified identity checks must say so (409
    // NAME_CHANGE_NEEDS_CONFIRMATION without it; docs/privacy.md "Correct my data").
    confirmVerificationLoss: z.boolean().optional(),
  })
  .strict();

/** The profile form (names and e-mail; the password is asked only when the e-mail changes). */
export const profileFormSchema = z.object({
  firstName: name(AUTH_TEXT.firstNameRequired),
  lastName: name(AUTH_TEXT.lastNameRequired),
  email: email(AUTH_TEXT.invalidEmail),
  currentPassword: z.string().max(128, msg('Password must be at most 128 characters')),
});

export const changePasswordSchema = z.object({
  currentPassword: password(AUTH_TEXT.currentPasswordRequired, 1),
  newPassword: password(AUTH_TEXT.newPasswordMin8, 8),
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_TEXT.newPasswordsDontMatch,
    path: ['confirmPassword'],
  });

export const resetPasswordSchema = z.object({ email: email(AUTH_TEXT.invalidEmailSignIn) });

export const setNewPasswordSchema = z.object({
  resetToken: z
    .string({ error: AUTH_TEXT.invalidResetToken })
    .min(1, AUTH_TEXT.invalidResetToken)
    .max(200, AUTH_TEXT.invalidResetToken),
  newPassword: password(AUTH_TEXT.newPasswordMin8, 8),
});

export const USER_ROLES = ['USER', 'SUPPORT', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const VERIFICATION_LEVELS = ['BASIC', 'ENHANCED', 'PREMIUM'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/**
 * The privacy notice version the account accepted at sign-up and when (ISO); null for accounts made
 * before consent was recorded (the create-admin command, the demo seed).
 */
export const privacyConsentSchema = z.object({ version: z.string(), acceptedAt: z.string() }).nullable();
export type PrivacyConsent = z.infer<typeof privacyConsentSchema>;

/** The user as every API answer shows it (never the password hash). */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  profileLabel: z.enum(['VENDOR', 'buyer']),
  profilePicture: z.string().nullable(),
  verificationLevel: z.enum(VERIFICATION_LEVELS),
  trustScore: z.number().int().min(0).max(100),
  isVerified: z.boolean(),
  onboardingCompleted: z.boolean(),
  /** Show money masked until revealed (profile Preferences; the wallet dropdown starts from it). */
  hideAmounts: z.boolean(),
  /**
   * The saved language (docs/languages.md), set at sign-up; null for accounts opened before languages
   * came, whose language follows the browser until they choose one.
   */
  language: z.enum(LANGUAGES).nullable(),
  privacyConsent: privacyConsentSchema,
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * Beside the user in the sign-in answer and GET /auth/me: when the user signed in before this session
 * (ISO), or null during their first one, so a newcomer is greeted 'Welcome, {firstName}!' and not
 * 'Welcome back'.
 */
export const signInHistorySchema = z.object({ previousSignInAt: z.string().nullable() });
export type SignInHistory = z.infer<typeof signInHistorySchema>;

/** GET /auth/profile: the user with what the Profile tab shows, computed on the server. */
export const profileSummarySchema = z.object({
  user: publicUserSchema,
  stats: z.object({
    completedTransactions: z.number().int().min(0),
    activeTransactions: z.number().int().min(0),
  }),
  /** 'VENDOR' once they publish a vendor profile, else 'buyer' (docs/product.md "People and roles"). */
  role: z.enum(['VENDOR', 'buyer']),
  memberSince: z.string(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

/** One signed-in device of GET /auth/sessions (the profile's Security tab; docs/security.md). */
export const sessionViewSchema = z.object({
  id: z.string(),
  /** 'Chrome on Windows', read from the user agent; 'Unknown device' when it says nothing useful. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  lastActiveAt: z.string(),
  createdAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
export const SESSION_TEXT = {
  signedOut: msg('Session signed out'),
  othersSignedOut: msg('Signed out of all other sessions'),
  notFound: msg('Session not found'),
} as const;

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type SetNewPasswordInput = z.infer<typeof setNewPasswordSchema>;
