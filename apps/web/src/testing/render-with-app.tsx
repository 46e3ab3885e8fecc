import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, parsePath, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { toast, Toaster } from 'sonner';
import { vi } from 'vitest';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import { createQueryClient } from '../lib/query-client';
import { AuthProvider } from '../lib/auth/auth-context';

/** Renders routes inside the app's real providers (query client, auth, toasts) on a memory router. */
export function renderWithApp(routes: RouteObject[], initialPath: string, initialState?: unknown) {
  const router = createMemoryRouter(routes, {
    initialEntries: [{ ...parsePath(initialPath), state: initialState }],
  });
  const queryClient = createQueryClient();
  // Sonner keeps toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A page stand-in that shows where the app went and the remembered `from` path, for assertions. */
export function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string } } | null)?.from?.pathname;
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="from">{from ?? 'none'}</p>
    </div>
  );
}

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '0192f5a4-7d5e-7000-8000-000000000001',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    role: 'USER',
    profileLabel: 'buyer',
    profilePicture: null,
    verificationLevel: 'BASIC',
    trustScore: 0,
    isVerified: false,
    onboardingCompleted: false,
    hideAmounts: false,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

type StubResponse = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;
type Handler = (request: { body: unknown; headers: Record<string, string> }) => StubResponse;

/**
 * Stubs `fetch` for component tests: answers "METHOD /api/path" from `handlers` (the server's
 * envelope is written out by each test) and fails loudly on any call the test did not expect.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString();
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected API call in test: ${key}`);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const { status = 200, body: responseBody } = await handler({
      body,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    return new Response(JSON.stringify(responseBody), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
export const fail = (status: number, error: string, code: string) => ({
  status,
  body: { success: false, error, code },
});
