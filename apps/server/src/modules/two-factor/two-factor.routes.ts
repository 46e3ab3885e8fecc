import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TWO_FACTOR_TEXT,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  recoveryCodesSchema,
  renewRecoveryCodesSchema,
  signedInSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  verifyTwoFactorSchema,
} from '@escrow/shared/schemas/two-factor';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { createCodeThrottle } from './two-factor.codes.ts';
import type { TwoFactorDeps } from './two-factor.deps.ts';
import { createTwoFactorService } from './two-factor.service.ts';
import { verifyTwoFactorSignIn } from './two-factor.sign-in.ts';

const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const tags = ['auth'];
const security = [{ bearerAuth: [] }];

/**
 * STAFF_TWO_FACTOR set explicitly in production overrides the production default ('required'): said
 * once at start-up, loudly when it lets staff act without a second factor.
 */
export function staffTwoFactorWarning(config: TwoFactorDeps['config']): string | null {
  if (config.NODE_ENV !== 'production' || config.STAFF_TWO_FACTOR === undefined) return null;
  return config.STAFF_TWO_FACTOR === 'optional'
    ? 'STAFF_TWO_FACTOR=optional in production: SUPPORT and ADMIN can act without two-factor sign-in'
    : 'STAFF_TWO_FACTOR is set in production; required is already the default there';
}

/**
 * Two-factor sign-in under /api/auth (docs/security.md "Two-factor sign-in"): the caller's own status,
 * setup, enabling with a code (recovery codes shown once), turning it off, new recovery codes, and the
 * second step of a sign-in. Codes and secrets never reach a log (the request log has no bodies).
 */
export const twoFactorRoutes =
  (deps: TwoFactorDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const warning = staffTwoFactorWarning(deps.config);
    if (warning) deps.log.warn({ staffTwoFactor: deps.config.staffTwoFactor }, warning);
    const throttle = createCodeThrottle(deps);
    const service = createTwoFactorService(deps, throttle);
    const meta = (request: { ip: string; id: string }) => ({ ip: request.ip, requestId: request.id });

    app.get(
      '/2fa',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          description: 'Whether two-factor sign-in is on, since when, and how many recovery codes are left.',
          response: { 200: envelope(twoFactorStatusSchema), ...failures(401) },
        },
      },
      async (request) => ok(await service.status(request.user!)),
    );

    app.post(
      '/2fa/setup',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          description:
            'A new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) as base32 and as an otpauth:// URL for a QR code. ' +
            'It is on only after POST /auth/2fa/enable with a code from it; a second setup replaces a pending one. ' +
            '409 while two-factor sign-in is on.',
          response: { 200: envelope(twoFactorSetupSchema), ...failures(401, 409) },
        },
      },
      async (request) => ok(await service.setup(request.user!)),
    );

    app.post(
      '/2fa/enable',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          description:
            'Turns two-factor sign-in on with a code of the pending secret and answers 10 one-time recovery codes, ' +
            'shown only here. This session counts as signed in with the second factor. Wrong code 400 ' +
            'INVALID_TWO_FACTOR_CODE; no setup 409; too many wrong codes 429.',
          body: enableTwoFactorSchema,
          response: { 200: envelope(recoveryCodesSchema), ...failures(400, 401, 409, 413, 429) },
        },
      },
      async (request) =>
        ok(await service.enable(request.user!, request.body.code, meta(request)), TWO_FACTOR_TEXT.enabled),
    );

    app.post(
      '/2fa/verify',
      {
        schema: {
          tags,
          description:
            'The second step of a sign-in: the challenge POST /auth/login answered and a TOTP or recovery code. ' +
            'Answers as POST /auth/login does (user, token, previousSignInAt). A code works once; a wrong one is ' +
            '400 INVALID_TWO_FACTOR_CODE (details.attemptsLeft), and the fifth ends the challenge; an expired, ' +
            'used or unknown challenge is 401 TWO_FACTOR_CHALLENGE_EXPIRED; too many wrong codes 429.',
          body: verifyTwoFactorSchema,
          response: { 200: envelope(signedInSchema), ...failures(400, 401, 403, 413, 429) },
        },
      },
      async (request) =>
        ok(
          await verifyTwoFactorSignIn(deps, throttle, request.body, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            requestId: request.id,
          }),
        ),
    );

    app.post(
      '/2fa/disable',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          description:
            'Turns two-factor sign-in off with the password (wrong: 400 INVALID_CURRENT_PASSWORD) and a current ' +
            'TOTP or recovery code (wrong: 400 INVALID_TWO_FACTOR_CODE). Recovery codes and open sign-in ' +
            'challenges go with it.',
          body: disableTwoFactorSchema,
          response: { 200: envelope(z.null()), ...failures(400, 401, 409, 413, 429) },
        },
      },
      async (request) => {
        await service.disable(request.user!, request.body, meta(request));
        return ok(null, TWO_FACTOR_TEXT.disabled);
      },
    );

    app.post(
      '/2fa/recovery-codes',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          description:
            '10 new one-time recovery codes for a current TOTP or recovery code; the old ones stop working. ' +
            '409 when two-factor sign-in is off.',
          body: renewRecoveryCodesSchema,
          response: { 200: envelope(recoveryCodesSchema), ...failures(400, 401, 409, 413, 429) },
        },
      },
      async (request) =>
        ok(
          await service.renewRecoveryCodes(request.user!, request.body.code, meta(request)),
          TWO_FACTOR_TEXT.recoveryCodesRenewed,
        ),
    );
  };
