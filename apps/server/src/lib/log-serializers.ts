/**
 * How errors appear in the logs. Database errors carry more than anyone should read there:
 * - Drizzle's "Failed query" message and stack list the query's parameters (e-mails, names, account
 *   numbers, password hashes);
 * - node-postgres attaches its `client` (connection settings) and a `detail` that quotes row values.
 * Kept: the type, the message and stack without parameters, the codes and the constraint, and the cause.
 */
export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(error: Error, depth = 0): LoggedError {
  const extra = error as Error & { code?: unknown; constraint?: unknown; cause?: unknown };
  return {
    type: error.constructor.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
    ...(extra.code === undefined ? {} : { code: extra.code }),
    ...(typeof extra.constraint === 'string' ? { constraint: extra.constraint } : {}),
    ...(extra.cause === undefined || depth >= 3
      ? {}
      : { cause: extra.cause instanceof Error ? serializeError(extra.cause, depth + 1) : extra.cause }),
  };
}

/** Drops Drizzle's "params: ..." part (up to the first stack frame, or to the end). */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
}
