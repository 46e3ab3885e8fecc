import { ERROR_STATUS, type ErrorCode } from '@escrow/shared/errors';
import { msg } from '@escrow/shared/i18n/msg';
import type { MessageParams } from '@escrow/shared/i18n/translator';

/**
 * A failure the client can act on: stable code, human text (the product's wording), HTTP status. The
 * text is a message id (its English text, ICU) that the answer translates into the reader's language
 * with `params` (docs/languages.md); the code never changes with the language.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    readonly params?: MessageParams,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** `message`: the whole sentence, a message id (`msg('Refund not found')`), so it translates whole. */
export const notFound = (message: string = msg('Resource not found')) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string = msg('You do not have permission to perform this action')) =>
  new AppError('FORBIDDEN', message);
export const unauthorized = (message: string = msg('Authentication required')) =>
  new AppError('UNAUTHORIZED', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('VALIDATION_ERROR', message, details);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(code, message);
