import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { setLiveChannelForTests, type ConnectionState, type LiveChannel } from '../lib/socket';

export { fail, ok, stubApi, type StubCall } from './api-mock';

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
