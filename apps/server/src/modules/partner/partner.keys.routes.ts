import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '@escrow/shared/i18n/msg';
import {
  PARTNER_TEXT,
  apiKeyCreatedAnswerSchema,
  apiKeyListAnswerSchema,
  createApiKeyBodySchema,
} from '@escrow/shared/schemas/partner';
import { envelope, ok } from '../../lib/envelope.ts';
import type { PartnerDeps } from './partner.deps.ts';
import type { KeyVerifier } from './partner.key-auth.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './partner.keys.ts';

const idParams = z.object({ id: z.string().regex(/^[0-9A-Za-z-]{1,64}$/, msg('Invalid id')) });
const tags = ['developer'];
const security = [{ bearerAuth: [] }];

/** The signed-in user's API keys, under /api/developer (another user's key is 404). */
export const apiKeysRoutes =
  (deps: PartnerDeps, verifier: KeyVerifier): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/keys',
      {
        schema: {
          tags,
          security,
          description:
            "The caller's API keys that are not revoked (the keys themselves are never shown again).",
          response: { 200: envelope(apiKeyListAnswerSchema) },
        },
      },
      async (request) => ok({ apiKeys: await listApiKeys(deps, request.user!.id) }),
    );

    app.post(
      '/keys',
      {
        schema: {
          tags,
          security,
          description:
            'Creates a partner API key (`amk_test_…` while payments run in test mode, `amk_live_…` otherwise; live keys need ENHANCED verification). The key is answered this once.',
          body: createApiKeyBodySchema,
          response: { 201: envelope(apiKeyCreatedAnswerSchema) },
        },
      },
      async (request, reply) => {
        const created = await createApiKey(deps, request.user!.id, request.body);
        return reply.code(201).send(ok(created, PARTNER_TEXT.keyCreated));
      },
    );

    app.delete(
      '/keys/:id',
      {
        schema: {
          tags,
          security,
          description: 'Revokes a key: refused at once on this instance, within 5 s on the others.',
          params: idParams,
          response: { 200: envelope(z.object({ revoked: z.literal(true) })) },
        },
      },
      async (request) => {
        verifier.forget(await revokeApiKey(deps, request.user!.id, request.params.id));
        return ok({ revoked: true as const }, PARTNER_TEXT.keyRevoked);
      },
    );
  };
