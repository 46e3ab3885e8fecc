import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { vi } from 'vitest';
import { setLiveChannelForTests, type ConnectionState, type LiveChannel } from '../lib/socket';

export type StubCall = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Reply = { status?: number; body: unknown };
type Handler = (call: StubCall) => Reply | Promise<Reply>;

/**
 * Stubs fetch: answers "METHOD /api/path?query" from `handlers` (a key ending in '*' matches by
 * prefix), records every call, and fails loudly on a call the test did not expect.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === 'string' ? input : input.toString();
    const method = init.method ?? 'GET';
    const key = `${method} ${path}`;
    const handler =
      handlers[key] ??
      Object.entries(handlers).find(
        ([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)),
      )?.[1];
    if (!handler) throw new Error(`Unexpected API call in test: ${key}`);
    const call = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
export const fail = (status: number, error: string, code: string) => ({
  status,
  body: { success: false, error, code },
});

/** Shows where the app went, for navigation assertions. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `ui` at `path` (matched by `pattern`) with a fresh query client, toasts and a location probe. */
export function renderAt(ui: ReactElement, { path, pattern = path }: { path: string; pattern?: string }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  toast.dismiss();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A live channel without a socket: tests push server events with `emit`. */
export function installFakeLiveChannel(state: ConnectionState = 'connected') {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const sent: { event: string; payload: unknown }[] = [];
  const channel: LiveChannel = {
    getState: () => state,
    subscribe: () => () => {},
    acquire: () => () => {},
    reconnect: () => {},
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => void set.delete(handler);
    },
    joinTransactionRoom: () => () => {},
    emit: (event, payload) => {
      sent.push({ event, payload });
      return state === 'connected';
    },
  };
  setLiveChannelForTests(channel);
  return {
    emit: (event: string, payload: unknown) => handlers.get(event)?.forEach((handler) => handler(payload)),
    /** What the app sent over the channel. */
    sent,
  };
}
