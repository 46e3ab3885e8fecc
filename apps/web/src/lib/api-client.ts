import {
  TOO_MANY_ATTEMPTS_LATER,
  tooManyAttemptsMinutes,
  tooManyAttemptsTextMessage,
} from '@escrow/shared/errors';
import { currentLanguage, t } from './i18n';

/**
 * The one API client of the web app. Error texts: the server's error
 * text, else 'HTTP {status}', else 'Network error' when the body is unreadable; an envelope without
 * success gives its error text or 'API request failed'. A 429 always reads 'Too many attempts, try again
 * in N minutes' from its Retry-After (the shared text the server uses). No mock fallbacks: a failure is
 * an error.
 */
export const AUTH_TOKEN_KEY = 'authToken';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What a 429 error keeps beside its message, for screens that lock a control while it lasts. */
export type RateLimitDetails = {
  /** From Retry-After; null when the server did not say. */
  retryAfterSeconds: number | null;
  /** The server's own text, when its answer had one (the message is always the shared one). */
  serverMessage: string | null;
};

/** The error of a 429 answer: the shared text from its Retry-After, whatever text the server sent. */
export function rateLimitedError(retryAfter: string | null, serverMessage: string | null = null) {
  const seconds = retryAfterSeconds(retryAfter);
  const details: RateLimitDetails = { retryAfterSeconds: seconds, serverMessage };
  // The shared tooManyAttemptsText, in the screens' language.
  const minutes = tooManyAttemptsMinutes(seconds);
  const text = minutes === null ? t(TOO_MANY_ATTEMPTS_LATER) : t(tooManyAttemptsTextMessage, { minutes });
  return new ApiError(text, 429, 'RATE_LIMITED', details);
}

/** The details of a 429 error, or null for any other error. */
export function rateLimitOf(error: unknown): RateLimitDetails | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const details = error.details as Partial<RateLimitDetails> | undefined;
  return {
    retryAfterSeconds: typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : null,
    serverMessage: typeof details?.serverMessage === 'string' ? details.serverMessage : null,
  };
}

/** The `error` text of an envelope body, or null when the body is not one. */
async function envelopeError(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: unknown } | null;
    return typeof body?.error === 'string' && body.error ? body.error : null;
  } catch {
    return null;
  }
}

/**
 * Fired on window when a call made WITH a token answers 401 (session revoked or expired). The detail is
 * the token that was refused, so a late answer to an old session cannot sign out a newer one.
 */
export const SESSION_EXPIRED_EVENT = 'auth:session-expired';

export const getToken = () => localStorage.getItem(AUTH_TOKEN_KEY);
export const setToken = (token: string) => localStorage.setItem(AUTH_TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(AUTH_TOKEN_KEY);

type EarlyAnswer = {
  token: string | null;
  response: Promise<Response>;
  startedAt: number;
  /** Counts the answer as handled: taken by the app and arrived, or dropped unused. Idempotent. */
  handled: () => void;
};
const earlyAnswers = new Map<string, EarlyAnswer>();
/** The first screen asks within seconds of the page loading; a later call asks the server afresh. */
const EARLY_ANSWER_TTL_MS = 10_000;
let unhandledEarlyAnswers = 0;
const onAllEarlyAnswersHandled: (() => void)[] = [];

/**
 * Resolves once every early answer has reached the app (or was dropped unused): the first screen then
 * has its data. What the screen does not need (the shell's badges, the live channel) waits for this
 * (lib/first-screen.ts).
 */
export function whenEarlyAnswersHandled(): Promise<void> {
  if (unhandledEarlyAnswers === 0) return Promise.resolve();
  return new Promise((resolve) => onAllEarlyAnswersHandled.push(resolve));
}

/**
 * Starts a GET for the app's first call to `path`, made before the app's code has arrived: the entry
 * (main.tsx) asks for the account while the signed-in screen downloads, instead of once it has run
 * (docs/performance.md, Web). The first `api(path)` GET with the same session takes the answer over,
 * as if it had sent the request itself; nothing else changes (errors, 401 sign-out, 429).
 */
export function startEarlyGet(path: string): void {
  if (earlyAnswers.has(path)) return;
  const token = getToken();
  const response = fetch(`/api${path}`, {
    headers: { 'accept-language': currentLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  // Unobserved until the app takes it: a network failure must not be reported as unhandled meanwhile.
  response.catch(() => undefined);
  let counted = true;
  unhandledEarlyAnswers += 1;
  const handled = () => {
    if (!counted) return;
    counted = false;
    unhandledEarlyAnswers -= 1;
    if (unhandledEarlyAnswers === 0) onAllEarlyAnswersHandled.splice(0).forEach((resolve) => resolve());
  };
  earlyAnswers.set(path, { token, response, startedAt: Date.now(), handled });
  setTimeout(() => {
    handled();
    if (earlyAnswers.get(path)?.response !== response) return;
    earlyAnswers.delete(path);
    // The screen asked for something else (its API path changed?): the early request was wasted.
    if (import.meta.env.DEV) console.warn(`Early answer for GET /api${path} was never used`);
  }, EARLY_ANSWER_TTL_MS);
}

function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | null {
  const early = earlyAnswers.get(path);
  if (!early) return null;
  earlyAnswers.delete(path);
  if (early.token !== token || Date.now() - early.startedAt > EARLY_ANSWER_TTL_MS) {
    early.handled();
    return null;
  }
  early.response.then(early.handled, early.handled);
  return early.response;
}

const SIGN_IN_PATHS = new Set(['/auth/login', '/auth/2fa/verify']);

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function api<T>(
  path: string,
  { method = 'GET', body, headers = {}, signal }: RequestOptions = {},
): Promise<T> {
  const token = getToken();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const plainGet = method === 'GET' && body === undefined && Object.keys(headers).length === 0;
  const early = plainGet ? takeEarlyAnswer(path, token) : null;
  let response: Response;
  try {
    response = await (early ??
      fetch(`/api${path}`, {
        method,
        signal,
        headers: {
          ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
          // The server writes its messages in the screens' language (an account's saved one wins).
          'accept-language': currentLanguage(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(t('Network error'), 0);
  }
  // A failed sign-in (or an expired two-factor challenge) is also a 401, but it says nothing about the
  // session already held.
  if (response.status === 401 && token && !SIGN_IN_PATHS.has(path)) {
    window.dispatchEvent(new CustomEvent<string>(SESSION_EXPIRED_EVENT, { detail: token }));
  }
  if (response.status === 429)
    throw rateLimitedError(response.headers.get('retry-after'), await envelopeError(response));
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(response.ok ? t('Network error') : `HTTP ${response.status}`, response.status);
  }
  const envelope = payload as {
    success?: boolean;
    data?: T;
    error?: string;
    code?: string;
    details?: unknown;
  };
  if (!response.ok) {
    throw new ApiError(
      envelope?.error || `HTTP ${response.status}`,
      response.status,
      envelope?.code,
      envelope?.details,
    );
  }
  if (!envelope || envelope.success !== true) {
    throw new ApiError(envelope?.error || t('API request failed'), response.status, envelope?.code);
  }
  return envelope.data as T;
}
