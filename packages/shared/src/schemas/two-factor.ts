import { z } from 'zod';
import { publicUserSchema, signInHistorySchema } from './auth.ts';
import { TWO_FACTOR_TEXT } from '../texts/two-factor.ts';
import { msg } from '../i18n/msg.ts';

/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): TOTP (RFC 6238: SHA-1, 6 digits,
 * 30 s) with 10 one-time recovery codes.
 */
export { TWO_FACTOR_TEXT } from '../texts/two-factor.ts';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const TWO_FACTOR_CHALLENGE_MAX_FAILURES = 5;
/** Withdrawals and bank-account changes carry the code here, outside the idempotency key's request hash. */
export const TWO_FACTOR_CODE_HEADER = 'x-two-factor-code';
/** A recovery code as shown: two groups of five lower-case letters and digits ('k3m9x-2pq7d'). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Where a staff member turns two-factor sign-in on (the details of a 403 TWO_FACTOR_REQUIRED). */
export { TWO_FACTOR_SETUP_URL } from '../texts/two-factor.ts';

const totpCode = z
  .string({ error: TWO_FACTOR_TEXT.codeInvalid })
  .trim()
  .regex(TOTP_CODE_PATTERN, TWO_FACTOR_TEXT.codeInvalid);
/** A TOTP code or a recovery code (any case, spaces ignored). */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_TEXT.codeInvalid })
  .max(20, TWO_FACTOR_TEXT.codeInvalid)
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), TWO_FACTOR_TEXT.codeInvalid);

/** GET /auth/2fa */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /auth/2fa/setup (no body) answers the new secret; it is on only after /enable with a code. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
/** POST /auth/2fa/enable */
export const enableTwoFactorSchema = z.object({ code: totpCode }).strict();
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** POST /auth/2fa/verify: the challenge of the sign-in answer and a TOTP or recovery code. */
export const verifyTwoFactorSchema = z
  .object({
    challenge: z.string({ error: TWO_FACTOR_TEXT.challengeExpired }).min(1).max(200),
    code: twoFactorCodeSchema,
  })
  .strict();
/** POST /auth/2fa/disable */
export const disableTwoFactorSchema = z
  .object({
    password: z
      .string({ error: msg('Password is required') })
      .min(1, msg('Password is required'))
      .max(200),
    code: twoFactorCodeSchema,
  })
  .strict();

/** POST /auth/2fa/recovery-codes: a current code (TOTP or recovery) for 10 new recovery codes. */
export const renewRecoveryCodesSchema = z.object({ code: twoFactorCodeSchema }).strict();
/** The request header of a withdrawal or bank-account change (documented on those routes). */
export const twoFactorCodeHeaderSchema = z
  .string()
  .max(100)
  .optional()
  .describe(
    'With two-factor sign-in on: a current code (TOTP or recovery code). Not part of the Idempotency-Key hash.',
  );

/** The sign-in answer when the password was right and a second factor is needed: no token. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});
/** The sign-in answer with a token (POST /auth/login without 2FA, POST /auth/2fa/verify). */
export const signedInSchema = z
  .object({ user: publicUserSchema, token: z.string() })
  .extend(signInHistorySchema.shape);
export const loginAnswerSchema = z.union([signedInSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
