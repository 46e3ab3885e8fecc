import { tooManyAttemptsText } from '@escrow/shared/errors';

/**
 * The one API client of the web app. Error texts are the spec's (01 §8 Generic API): the server's error
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
  return new ApiError(tooManyAttemptsText(seconds), 429, 'RATE_LIMITED', details);
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
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      signal,
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Network error', 0);
  }
  // A failed sign-in is also a 401, but it says nothing about the session already held.
  if (response.status === 401 && token && path !== '/auth/login') {
    window.dispatchEvent(new CustomEvent<string>(SESSION_EXPIRED_EVENT, { detail: token }));
  }
  if (response.status === 429)
    throw rateLimitedError(response.headers.get('retry-after'), await envelopeError(response));
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'Network error' : `HTTP ${response.status}`, response.status);
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
    throw new ApiError(envelope?.error || 'API request failed', response.status, envelope?.code);
  }
  return envelope.data as T;
}
