import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, parsePath, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { toast, Toaster } from 'sonner';
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
    language: null,
    privacyConsent: { version: '1.0', acceptedAt: '2026-01-15T10:00:00.000Z' },
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export { fail, ok, stubApi } from './api-mock';
