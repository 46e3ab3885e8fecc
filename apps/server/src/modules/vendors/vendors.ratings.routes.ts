import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RATING_TEXT,
  ratingAnswerSchema,
  ratingBodySchema,
  ratingReplyBodySchema,
  transactionRatingSchema,
} from '@escrow/shared/schemas/vendors';
import { envelope, ok } from '../../lib/envelope.ts';
import type { VendorsDeps } from './vendors.deps.ts';
import { editRating, getRating, rateSeller, replyToRating } from './vendors.ratings.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['ratings'];
const security = [{ bearerAuth: [] }];
const ratingAnswer = envelope(z.object({ rating: transactionRatingSchema }));

/** The buyer's rating of the seller on one transaction, and the seller's reply (members only; else 404). */
export const ratingsRoutes =
  (deps: VendorsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/transactions/:id/rating',
      { schema: { tags, security, params: idParams, response: { 200: envelope(ratingAnswerSchema) } } },
      async (request) => ok(await getRating(deps, request.user!.id, request.params.id)),
    );

    app.post(
      '/transactions/:id/rating',
      {
        schema: { tags, security, params: idParams, body: ratingBodySchema, response: { 201: ratingAnswer } },
      },
      async (request, reply) => {
        const result = await rateSeller(deps, request.user!.id, request.params.id, request.body);
        return reply.status(201).send(ok(result, RATING_TEXT.created));
      },
    );

    app.put(
      '/transactions/:id/rating',
      {
        schema: { tags, security, params: idParams, body: ratingBodySchema, response: { 200: ratingAnswer } },
      },
      async (request) =>
        ok(await editRating(deps, request.user!.id, request.params.id, request.body), RATING_TEXT.updated),
    );

    app.post(
      '/transactions/:id/rating/reply',
      {
        schema: {
          tags,
          security,
          params: idParams,
          body: ratingReplyBodySchema,
          response: { 201: ratingAnswer },
        },
      },
      async (request, reply) => {
        const result = await replyToRating(deps, request.user!.id, request.params.id, request.body.reply);
        return reply.status(201).send(ok(result, RATING_TEXT.replySaved));
      },
    );
  };
