import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMAIL_TEXT,
  emailResultSchema,
  emailSendSchema,
  emailTestSchema,
} from '@escrow/shared/schemas/email';
import type { AppConfig } from '../../config/env.ts';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { translate } from '../../lib/i18n.ts';
import { byUser, limitRequests } from '../../lib/rate-limits.ts';
import { savedLanguageOfAddress } from '../auth/index.ts';
import { sendStaffMail, type EmailDeps } from './email.service.ts';

const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const tags = ['email'];
const security = [{ bearerAuth: [] }];

/**
 * POST /email/test and POST /email/send: SUPPORT and ADMIN only (docs/security.md: an open
 * call would be a spam relay), one shared per-staff budget per minute, every call audited.
 */
export const emailRoutes =
  (deps: EmailDeps & { config: AppConfig }): FastifyPluginAsyncZod =>
  async (app) => {
    const staffOnly = app.requireRole('SUPPORT', 'ADMIN');
    const limit = limitRequests(app, {
      name: 'staff-email',
      max: deps.config.RATE_LIMIT_STAFF_EMAIL_PER_MINUTE,
      windowSeconds: 60,
      key: byUser,
    });
    const answers = { 200: envelope(emailResultSchema), ...failures(400, 401, 403, 413, 429, 502) };

    app.post(
      '/email/test',
      {
        onRequest: staffOnly,
        preHandler: limit,
        schema: { tags, security, body: emailTestSchema, response: answers },
      },
      async (request) => {
        const staffer = { id: request.user!.id, requestId: request.id };
        const to = request.body.to ?? request.user!.email;
        // In the saved language of the account at that address (the staff member's own by default).
        const language = await savedLanguageOfAddress(deps.db, to);
        const result = await sendStaffMail(deps, staffer, 'test', {
          to,
          subject: translate(language, EMAIL_TEXT.testSubject),
          text: translate(language, EMAIL_TEXT.testBody),
        });
        return ok(result, EMAIL_TEXT.testSent);
      },
    );

    app.post(
      '/email/send',
      {
        onRequest: staffOnly,
        preHandler: limit,
        schema: { tags, security, body: emailSendSchema, response: answers },
      },
      async (request) => {
        const staffer = { id: request.user!.id, requestId: request.id };
        const { to, subject, message } = request.body;
        const result = await sendStaffMail(deps, staffer, 'send', { to, subject, text: message });
        return ok(result, EMAIL_TEXT.sent);
      },
    );
  };
