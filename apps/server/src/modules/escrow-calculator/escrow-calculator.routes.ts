import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  feeCalculateRequestSchema,
  feeCalculationResultSchema,
  feeEstimateRequestSchema,
  feeHistoryQuerySchema,
  feeHistoryResponseSchema,
  feeQuoteSchema,
  feeStructureSchema,
} from '@escrow/shared/schemas/fee-calculator';
import type { Db } from '../../db/client.ts';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { requestLanguage, translate, type Language } from '../../lib/i18n.ts';
import * as calculator from './escrow-calculator.service.ts';

const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const tags = ['escrow-calculator'];
const bearer = [{ bearerAuth: [] }];

/** A quote's advice and note (message ids, domain/fee-estimate.ts) in the reader's language. */
const inLanguage = <T extends { recommendations: string[]; note: string }>(
  quote: T,
  language: Language,
): T =>
  language === 'en'
    ? quote
    : {
        ...quote,
        recommendations: quote.recommendations.map((tip) => translate(language, tip)),
        note: translate(language, quote.note),
      };

/**
 * Fee calculator (docs/money.md "Fees"). Quotes are estimates from the risk model; the fee charged on a
 * transaction is the flat 2.5%. Estimate and structure are public, the rest needs a token.
 */
export const escrowCalculatorRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/calculate',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearer,
          body: feeCalculateRequestSchema,
          response: { 200: envelope(feeCalculationResultSchema), ...failures(400, 401, 413) },
        },
      },
      async (request) =>
        ok(
          inLanguage(
            await calculator.calculate(deps.db, request.user!, request.body),
            requestLanguage(request),
          ),
        ),
    );

    app.post(
      '/estimate',
      {
        schema: {
          tags,
          body: feeEstimateRequestSchema,
          response: { 200: envelope(feeQuoteSchema), ...failures(400, 413) },
        },
      },
      async (request) => ok(inLanguage(calculator.estimate(request.body), requestLanguage(request))),
    );

    app.get('/structure', { schema: { tags, response: { 200: envelope(feeStructureSchema) } } }, async () =>
      ok(calculator.structure()),
    );

    app.get(
      '/history',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearer,
          querystring: feeHistoryQuerySchema,
          response: { 200: envelope(feeHistoryResponseSchema), ...failures(400, 401) },
        },
      },
      async (request) =>
        ok(await calculator.history(deps.db, request.user!.id, request.query.page, request.query.limit)),
    );
  };
