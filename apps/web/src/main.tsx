import {
  StrictMode,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
// Catches the browser's one install offer of this page load, before the shell that shows it exists.
import './features/pwa/install-events';
import './index.css';

/**
 * The public marketing pages (landing and legal) need no session, data cache or toasts, so the entry
 * chunk ships without them: QueryClient, AuthProvider and the Toaster (app/providers.tsx) are loaded
 * the first time the visitor is on, or heads to, any other page. From then on they stay mounted, so
 * every other screen sees exactly the providers it always had.
 */
const isPublicPage = (pathname: string) => pathname === '/' || pathname.startsWith('/legal/');

type Providers = ComponentType<{ children: ReactNode }>;
let providersModule: Promise<Providers> | null = null;
const loadProviders = () =>
  (providersModule ??= import('./app/providers')
    .then((m) => m.AppProviders)
    .catch((error: unknown) => {
      providersModule = null; // a later attempt may succeed (e.g. back online)
      throw error;
    }));

// Start fetching the providers as soon as a navigation to a non-public page begins, so they arrive
// together with that page's own chunk rather than after it.
if (!isPublicPage(router.state.location.pathname)) void loadProviders();
router.subscribe((state) => {
  const target = state.navigation.location ?? state.location;
  if (!isPublicPage(target.pathname)) void loadProviders();
});

const subscribe = (onChange: () => void) => router.subscribe(onChange);
const currentPathname = () => router.state.location.pathname;

function Root() {
  // A synchronous store read: this re-renders no later than RouterProvider itself on a navigation,
  // so a non-public page never renders before its providers are in place.
  const pathname = useSyncExternalStore(subscribe, currentPathname);
  const [providers, setProviders] = useState<Providers | null>(null);
  const [failed, setFailed] = useState(false);
  const needsProviders = !isPublicPage(pathname);

  useEffect(() => {
    if (!needsProviders || providers) return;
    let cancelled = false;
    loadProviders().then(
      (loaded) => !cancelled && setProviders(() => loaded),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [needsProviders, providers]);

  if (providers) {
    const AppProviders = providers;
    return (
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    );
  }
  if (needsProviders && failed) return <LoadFailed />;
  // Only for the moment between a navigation away from a public page and the providers' arrival.
  if (needsProviders) return null;
  return <RouterProvider router={router} />;
}

function LoadFailed() {
  return (
    <main className="grid min-h-dvh place-items-center px-4 text-center">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">This page could not be loaded</h1>
        <p className="mt-2 text-sm text-slate-600">Check your internet connection and try again.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 h-10 rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Reload
        </button>
      </div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
