import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '../testing/api-mock';
import {
  api,
  ApiError,
  clearToken,
  rateLimitOf,
  retryAfterSeconds,
  setToken,
  startEarlyGet,
} from './api-client';

/** The sign-in call below gets exactly this response (raw, so headers and bodies can be anything). */
const answerWith = (response: Response) =>
  apiServer.use(http.post('/api/auth/login', () => response.clone()));

const tooMany = (headers: Record<string, string>) =>
  new Response(
    JSON.stringify({ success: false, error: 'Too many failed sign-in attempts.', code: 'RATE_LIMITED' }),
    { status: 429, headers: { 'content-type': 'application/json', ...headers } },
  );

async function failure(): Promise<ApiError> {
  const error = await api('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a 429 answer', () => {
  it.each([
    ['900', 'Too many attempts, try again in 15 minutes'],
    ['61', 'Too many attempts, try again in 2 minutes'],
    ['60', 'Too many attempts, try again in 1 minute'],
    ['1', 'Too many attempts, try again in 1 minute'],
  ])('with Retry-After %s reads "%s"', async (seconds, text) => {
    answerWith(tooMany({ 'retry-after': seconds }));
    const error = await failure();
    expect(error.message).toBe(text);
    expect(error.status).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
  });

  it('reads an HTTP-date Retry-After too', async () => {
    const inTenMinutes = new Date(Date.now() + 9.5 * 60_000).toUTCString();
    answerWith(tooMany({ 'retry-after': inTenMinutes }));
    expect((await failure()).message).toBe('Too many attempts, try again in 10 minutes');
  });

  it('without Retry-After (or an unreadable body) still says to try again later', async () => {
    answerWith(new Response('<html>busy</html>', { status: 429 }));
    expect((await failure()).message).toBe('Too many attempts, try again later');
  });

  it('keeps how long it lasts and the server’s own words beside the shared text', async () => {
    answerWith(tooMany({ 'retry-after': '900' }));
    const error = await failure();
    expect(rateLimitOf(error)).toEqual({
      retryAfterSeconds: 900,
      serverMessage: 'Too many failed sign-in attempts.',
    });
    answerWith(new Response('<html>busy</html>', { status: 429 }));
    expect(rateLimitOf(await failure())).toEqual({ retryAfterSeconds: null, serverMessage: null });
    expect(rateLimitOf(new ApiError('Nope', 400))).toBeNull();
  });

  it('leaves other failures to the server text', async () => {
    answerWith(
      new Response(JSON.stringify({ success: false, error: 'Invalid email or password', code: 'X' }), {
        status: 401,
      }),
    );
    expect((await failure()).message).toBe('Invalid email or password');
  });
});

describe('retryAfterSeconds', () => {
  it('parses seconds and dates, and refuses garbage', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:05:00 GMT', now)).toBe(300);
    expect(retryAfterSeconds('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});

describe('early answers (started by the entry before the app runs)', () => {
  /** Answers GET /api/auth/me with the token it was asked with, and counts the requests. */
  function countMe() {
    const seen: (string | null)[] = [];
    apiServer.use(
      http.get('/api/auth/me', ({ request }) => {
        const token = request.headers.get('authorization');
        seen.push(token);
        return Response.json({ success: true, data: { token } });
      }),
    );
    return seen;
  }

  it('the first GET of that path takes the answer over: one request, the same data', async () => {
    setToken('token-1');
    const seen = countMe();
    startEarlyGet('/auth/me');
    expect(await api('/auth/me')).toEqual({ token: 'Bearer token-1' });
    expect(await api('/auth/me')).toEqual({ token: 'Bearer token-1' });
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-1']);
    clearToken();
  });

  it('is not used for another session, nor by a call that is not a plain GET', async () => {
    setToken('token-1');
    const seen = countMe();
    startEarlyGet('/auth/me');
    setToken('token-2');
    expect(await api('/auth/me')).toEqual({ token: 'Bearer token-2' });
    startEarlyGet('/auth/me');
    await api('/auth/me', { headers: { 'x-extra': '1' } });
    expect(await api('/auth/me')).toEqual({ token: 'Bearer token-2' });
    // The early request of token-1 went out but was not used; the header call asked on its own.
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-2', 'Bearer token-2']);
    clearToken();
  });
});
