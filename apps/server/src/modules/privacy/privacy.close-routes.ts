import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closeAccountSchema, closureCheckSchema, PRIVACY_TEXT } from '@escrow/shared/schemas/privacy';
import { TWO_FACTOR_CODE_HEADER, twoFactorCodeHeaderSchema } from '@escrow/shared/schemas/two-factor';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { closeAccount, closureCheck } from './privacy.close.ts';
import type { PrivacyRouteDeps } from './privacy.deps.ts';

const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const tags = ['privacy'];
const security = [{ bearerAuth: [] }];

/** The signed-in user's privacy rights under /api/auth/me (docs/privacy.md): closing the account. */
export const closureRoutes =
  (deps: PrivacyRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/me/closure',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          security,
          description: 'Whether the account can be closed now, and what blocks it.',
          response: { 200: envelope(closureCheckSchema), ...failures(401) },
        },
      },
      async (request) => ok(await closureCheck(deps, request.user!.id, requestLanguage(request))),
    );

    app.post(
      '/me/close',
      {
        onRequest: app.authenticate,
        // After validation, so a malformed body costs no code.
        preHandler: deps.confirmSecondFactor,
        schema: {
          tags,
          security,
          description:
            'Closes the account for good (password needed): 409 names what blocks it (money, open trades or disputes). ' +
            'With two-factor sign-in on, a current code in X-Two-Factor-Code too (missing: 403 ' +
            'TWO_FACTOR_CODE_REQUIRED; wrong: 400 INVALID_TWO_FACTOR_CODE).',
          headers: z.looseObject({ [TWO_FACTOR_CODE_HEADER]: twoFactorCodeHeaderSchema }),
          body: closeAccountSchema,
          response: { 200: envelope(z.null()), ...failures(400, 401, 403, 409, 413, 429) },
        },
      },
      async (request) => {
        await closeAccount(deps, request.user!, {
          password: request.body.password,
          requestId: request.id,
          language: requestLanguage(request),
        });
        return ok(null, PRIVACY_TEXT.closed);
      },
    );
  };
