import { ApiError } from './api-client';

/**
 * Money-moving calls carry an `Idempotency-Key` (docs/money.md "Idempotency"): a repeat with the same key
 * gets the first answer instead of moving money twice. One key per submission: kept while the same body is
 * retried after a network failure, a 5xx or a 409 "still running", replaced once the server has given
 * a definitive answer or the body changes.
 */
export function createIdempotencyKeys() {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { key: newIdempotencyKey(), body: text };
      return current.key;
    },
    settle(error?: unknown) {
      if (error === undefined || isDefinitive(error)) current = null;
    },
  };
}

function isDefinitive(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 409;
}

/** crypto.randomUUID needs a secure context; getRandomValues does not (plain-http LAN installs). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The server's own words for a refusal (4xx), else the screen's generic failure text. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return fallback;
}
