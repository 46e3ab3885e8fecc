import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_TEXT, profileSummarySchema, sessionViewSchema } from '@escrow/shared/schemas/auth';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/i18n.ts';
import type { AuthDeps } from './auth.deps.ts';
import type { AuthService } from './auth.service.ts';
import { createSessionsService } from './auth.sessions.ts';

const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const tags = ['auth'];
const security = [{ bearerAuth: [] }];
// Any text up to a sane length: an id that is not one of the caller's sessions is simply not found.
const sessionParams = z.object({ id: z.string().min(1).max(64) });

/** GET /auth/profile and the Security tab's sessions: list, sign out one, sign out every other. */
export const sessionRoutes =
  (deps: AuthDeps, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    const sessions = createSessionsService(deps);

    app.get(
      '/profile',
      {
        preHandler: app.authenticate,
        schema: { tags, security, response: { 200: envelope(profileSummarySchema), ...failures(401) } },
      },
      async (request) => ok(await auth.profileSummary(request.user!)),
    );

    app.get(
      '/sessions',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          response: { 200: envelope(z.object({ sessions: z.array(sessionViewSchema) })), ...failures(401) },
        },
      },
      async (request) => ok({ sessions: await sessions.list(request.user!, requestLanguage(request)) }),
    );

    app.delete(
      '/sessions/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          params: sessionParams,
          response: { 200: envelope(z.null()), ...failures(401, 404) },
        },
      },
      async (request) => {
        await sessions.revoke(request.user!, request.params.id);
        return ok(null, SESSION_TEXT.signedOut);
      },
    );

    app.delete(
      '/sessions',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          response: { 200: envelope(z.object({ signedOut: z.number().int() })), ...failures(401) },
        },
      },
      async (request) =>
        ok({ signedOut: await sessions.revokeOthers(request.user!) }, SESSION_TEXT.othersSignedOut),
    );
  };
