import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PHONE_TEXT,
  phoneStatusSchema,
  startPhoneVerificationSchema,
  verifyPhoneSchema,
} from '@escrow/shared/schemas/phone';
import { envelope, ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import { removePhone } from './phone.account.ts';
import type { PhoneDeps } from './phone.deps.ts';
import { phoneStatus, sendPhoneCode, verifyPhoneCode } from './phone.verification.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const statusAnswer = { 200: envelope(phoneStatusSchema) };

/**
 * The signed-in user's phone (docs/security.md "Phone verification"), under /api/auth: its status, a
 * code by SMS, the code checked, the phone removed. No answer ever carries the code.
 */
export const phoneRoutes =
  (deps: PhoneDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/phone',
      { schema: { tags, security, response: statusAnswer }, onRequest: app.authenticate },
      async (request) => ok(await phoneStatus(deps.db, request.user!.id, deps.clock.now())),
    );

    app.post(
      '/auth/phone',
      {
        schema: {
          tags,
          security,
          description:
            'Sends a 6-digit code by SMS to a Nigerian mobile number (valid 10 minutes, 5 attempts). At most ' +
            '3 sends an hour per user and 10 per number (429 with Retry-After); a number verified on another ' +
            'account is 409 PHONE_IN_USE; the provider failing is 503 (nothing counted).',
          body: startPhoneVerificationSchema,
          response: statusAnswer,
        },
        onRequest: app.authenticate,
      },
      async (request) =>
        ok(
          await sendPhoneCode(deps, request.user!.id, request.body.phone, requestLanguage(request)),
          PHONE_TEXT.codeSent,
        ),
    );

    app.post(
      '/auth/phone/verify',
      {
        schema: {
          tags,
          security,
          description:
            'Checks the newest code sent: wrong, expired, used up or none is 400 INVALID_PHONE_CODE; right ' +
            'makes the number the verified phone of the account (409 PHONE_IN_USE if another account has it).',
          body: verifyPhoneSchema,
          response: statusAnswer,
        },
        onRequest: app.authenticate,
      },
      async (request) =>
        ok(await verifyPhoneCode(deps, request.user!.id, request.body.code), PHONE_TEXT.verified),
    );

    app.delete(
      '/auth/phone',
      {
        schema: {
          tags,
          security,
          description: 'Removes the verified phone and turns SMS and WhatsApp notifications off.',
          response: statusAnswer,
        },
        onRequest: app.authenticate,
      },
      async (request) => ok(await removePhone(deps, request.user!.id), PHONE_TEXT.removed),
    );
  };
