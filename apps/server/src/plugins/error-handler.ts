import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError } from '../lib/errors.ts';
import { requestLanguage, translate, type Language } from '../lib/i18n.ts';

type Failure = { status: number; body: { success: false; error: string; code: string; details?: unknown } };

/** Maps every error to the envelope in one place; 5xx answers never carry internals. */
export function toFailure(error: unknown): Failure {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { success: false, error: error.message, code: error.code, details: error.details },
    };
  }
  const err = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      field: String(v.instancePath || '')
        .replace(/^\//, '')
        .replace(/\//g, '.'),
      message: v.message ?? msg('Invalid value'),
    }));
    return {
      status: 400,
      body: {
        success: false,
        error: details[0]?.message ?? msg('Invalid request'),
        code: 'VALIDATION_ERROR',
        details,
      },
    };
  }
  if (
    !isResponseSerializationError(err) &&
    typeof err.statusCode === 'number' &&
    err.statusCode >= 400 &&
    err.statusCode < 500
  ) {
    const known: Record<number, [string, string]> = {
      413: ['PAYLOAD_TOO_LARGE', msg('Request body is too large')],
      414: ['URI_TOO_LONG', msg('Request URL is too long')],
      415: ['UNSUPPORTED_MEDIA_TYPE', msg('Unsupported content type')],
      429: ['RATE_LIMITED', msg('Too many requests. Please try again later.')],
      404: ['NOT_FOUND', msg('Not found')],
    };
    const [code, text] = known[err.statusCode] ?? [
      'BAD_REQUEST',
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? msg('Malformed JSON body')
        : err.message,
    ];
    return { status: err.statusCode, body: { success: false, error: text, code } };
  }
  // SQLSTATE class 22 (data exception: a value out of range, bad text encoding, ...) is caused by the
  // request's values, not by the server; anything that gets this far deserves a 400, not a 500.
  if (sqlState(error)?.startsWith('22'))
    return {
      status: 400,
      body: { success: false, error: msg('Invalid value in the request'), code: 'BAD_REQUEST' },
    };
  if (isDatabaseUnavailable(error))
    return {
      status: 503,
      body: {
        success: false,
        error: msg('The service is temporarily unavailable. Please try again in a moment.'),
        code: 'SERVICE_UNAVAILABLE',
      },
    };
  return {
    status: 500,
    body: { success: false, error: msg('Internal server error'), code: 'INTERNAL_ERROR' },
  };
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;

/**
 * The database is away (stopped, restarting, unreachable): SQLSTATE class 08 (connection exception),
 * 57P01-57P03 (shutdown, cannot connect now), a socket error, or the pool's own connection messages,
 * also when Drizzle wrapped them. The request gets a 503 at once; the pool reconnects by itself.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (CONNECTION_ERRORS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))
    )
      return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a database error, also when Drizzle has wrapped it (as `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when any string in the value (searched to a bounded depth) holds a NUL character. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  return Object.values(value).some((item) => containsNul(item, depth + 1));
}

/**
 * The failure's texts in the reader's language (docs/languages.md): its message with the error's
 * parameters, and each field's message. Texts that are not messages pass through as they are.
 */
function localized(failure: Failure, error: unknown, language: Language): Failure {
  const params = error instanceof AppError ? error.params : undefined;
  const { body } = failure;
  if (language === 'en' && !params) return failure;
  const details = Array.isArray(body.details)
    ? body.details.map((detail: unknown) =>
        isFieldMessage(detail) ? { ...detail, message: translate(language, detail.message) } : detail,
      )
    : body.details;
  return { ...failure, body: { ...body, error: translate(language, body.error, params), details } };
}

function isFieldMessage(value: unknown): value is { field: string; message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // A success answer's message (`ok(data, message)`) in the reader's language; English answers are
  // written as they are, without a look. A callback hook, not an async one: it runs on every answer,
  // and an async hook's promise cost the cheapest authenticated routes a fifth of their throughput
  // (docs/performance.md, "Languages and the API's cost per request").
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (!isFieldMessage(payload) || (payload as { success?: unknown }).success !== true)
      return done(null, payload);
    const language = requestLanguage(request);
    done(null, language === 'en' ? payload : { ...payload, message: translate(language, payload.message) });
  });
  // No text we store or look up may hold a NUL (PostgreSQL text cannot). Checked after validation, so
  // fields with their own rules keep their own messages, and before any handler.
  app.addHook('preHandler', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
      throw new AppError('BAD_REQUEST', msg('Text may not contain NUL characters'));
  });
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = localized(toFailure(error), error, requestLanguage(request));
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    if (status === 503) reply.header('retry-after', '5');
    // The id a user can quote to support (also the x-request-id header, the logs' reqId, the trace's).
    return reply.status(status).send({ ...body, requestId: request.id });
  });
});
