import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The network of component tests, mocked with MSW: the app's real `fetch` calls are intercepted (no
 * stubbed globals), answered from the test's handler map, and recorded. The server starts in
 * testing/setup.ts with `onUnhandledRequest: 'error'`, and its handlers are reset after each test.
 */
export const apiServer = setupServer();

export type StubCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
export type StubReply = { status?: number; body: unknown; headers?: Record<string, string> };
export type StubHandler = (call: StubCall) => StubReply | Promise<StubReply>;

/**
 * The path the app asked for: relative URLs ('/api/...', as the API client sends them) resolve against
 * jsdom's location (MSW's interceptors do that since 0.25.15), so the same origin reads as a path again.
 */
function requestedPath(url: URL): string {
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}

/** The request body as the app sent it: parsed JSON, a FormData for uploads, else undefined. */
async function requestBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.json();
  if (type.includes('multipart/form-data')) return request.formData();
  return undefined;
}

/**
 * Answers "METHOD /api/path?query" from `handlers` (a key ending in '*' matches by prefix) and records
 * every request, headers by their lowercase names. A handler that throws makes the fetch fail as a
 * dropped connection does. Replaces the previous test's or call's handlers; any other request is
 * unhandled, so MSW reports it and the app's fetch fails.
 */
export function stubApi(handlers: Record<string, StubHandler>) {
  const calls: StubCall[] = [];
  const prefixes = Object.entries(handlers).filter(([pattern]) => pattern.endsWith('*'));
  apiServer.resetHandlers(
    http.all('*', async ({ request }) => {
      const path = requestedPath(new URL(request.url));
      const key = `${request.method} ${path}`;
      const handler =
        handlers[key] ?? prefixes.find(([pattern]) => key.startsWith(pattern.slice(0, -1)))?.[1];
      const call: StubCall = {
        method: request.method,
        path,
        body: await requestBody(request.clone()),
        headers: Object.fromEntries(request.headers),
      };
      // Recorded even when unexpected, so `expect(calls).toHaveLength(0)` means no request was made.
      calls.push(call);
      // No answer here: MSW treats the request as unhandled (an error, see testing/setup.ts).
      if (!handler) return undefined;
      let reply: StubReply;
      try {
        reply = await handler(call);
      } catch {
        // A handler that throws stands for a connection that failed: the app's fetch rejects.
        return HttpResponse.error();
      }
      return HttpResponse.json(reply.body as never, { status: reply.status ?? 200, headers: reply.headers });
    }),
  );
  return { calls };
}

/** The server's envelopes, written out by each test. */
export const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
export const fail = (status: number, error: string, code: string) => ({
  status,
  body: { success: false, error, code },
});
