import { msg } from './i18n/msg.ts';

/** Stable error codes shared by server and web. HTTP status is decided once, here. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  ILLEGAL_TRANSITION: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** The keyed request committed but its answer was lost (a database or instance failure right after). */
  IDEMPOTENCY_ALREADY_APPLIED: 409,
  /** A name change would withdraw verified identity checks and was not confirmed (docs/privacy.md). */
  NAME_CHANGE_NEEDS_CONFIRMATION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  IDEMPOTENCY_MISMATCH: 422,
  INSUFFICIENT_FUNDS: 422,
  LIMIT_EXCEEDED: 422,
  // Identity checks (docs/identity.md).
  NAME_MISMATCH: 422,
  IDENTITY_NOT_FOUND: 422,
  IDENTITY_IN_USE: 422,
  RATE_LIMITED: 429,
  // In-person handover (docs/handover.md): a well-formed release code that is not the buyer's,
  // and code entry locked after too many wrong ones.
  HANDOVER_CODE_INVALID: 422,
  HANDOVER_LOCKED: 429,
  // Two-factor sign-in and phones (docs/security.md).
  /** Staff action without two-factor sign-in on and used in this session. */
  TWO_FACTOR_REQUIRED: 403,
  /** A withdrawal or bank-account change by a user with 2FA on, without the X-Two-Factor-Code header. */
  TWO_FACTOR_CODE_REQUIRED: 403,
  INVALID_TWO_FACTOR_CODE: 400,
  /** The sign-in challenge expired, was used, or ended after 5 wrong codes: sign in again. */
  TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  INVALID_PHONE_CODE: 400,
  PHONE_IN_USE: 409,
  PHONE_NOT_VERIFIED: 409,
  INTERNAL_ERROR: 500,
  INVALID_RESET_TOKEN: 400,
  INVALID_CURRENT_PASSWORD: 400,
  SERVICE_UNAVAILABLE: 503,
  /** The mail transport refused or could not be reached (staff e-mail tools say what it answered). */
  MAIL_TRANSPORT_FAILED: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ApiSuccess<T> = { success: true; data: T; message?: string };
/** `requestId`: the answer's x-request-id, what a user quotes to support (docs/operations.md, "Traces"). */
export type ApiFailure = {
  success: false;
  error: string;
  code: ErrorCode | string;
  details?: unknown;
  requestId?: string;
};
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/**
 * The text of every 429 answer, server and web alike: minutes rounded up from the Retry-After seconds,
 * so '1 minute' is never shown while more than a minute remains.
 */
export function tooManyAttemptsText(retryAfterSeconds: number | null | undefined): string {
  if (retryAfterSeconds == null || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0)
    return 'Too many attempts, try again later';
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** tooManyAttemptsText without a usable Retry-After. */
export const TOO_MANY_ATTEMPTS_LATER = msg('Too many attempts, try again later');

/**
 * tooManyAttemptsText with a Retry-After, as an ICU message: {minutes} is tooManyAttemptsMinutes(…).
 * A screen writes `minutes === null ? t(TOO_MANY_ATTEMPTS_LATER) : t(tooManyAttemptsTextMessage, { minutes })`.
 */
export const tooManyAttemptsTextMessage = msg(
  'Too many attempts, try again in {minutes, plural, one {# minute} other {# minutes}}',
);

/** The minutes tooManyAttemptsText names (rounded up), or null when it says 'later'. */
export function tooManyAttemptsMinutes(retryAfterSeconds: number | null | undefined): number | null {
  if (retryAfterSeconds == null || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) return null;
  return Math.ceil(retryAfterSeconds / 60);
}
