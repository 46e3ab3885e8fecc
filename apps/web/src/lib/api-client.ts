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

/** The error of a 429 answer, whatever text the server sent with it. */
export const rateLimitedError = (retryAfter: string | null) =>
  new ApiError(tooManyAttemptsText(retryAfterSeconds(retryAfter)), 429, 'RATE_LIMITED');

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
  if (response.status === 429) throw rateLimitedError(response.headers.get('retry-after'));
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
