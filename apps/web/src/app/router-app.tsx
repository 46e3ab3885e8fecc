import {
  startTransition,
  StrictMode,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { useLanguage } from '../lib/use-language';
import { showLoadFailed } from './load-failed';
import { router } from './router';
import { isPublicPage } from './screens';

/**
 * The app with its router: every page but a first visit to the landing page, which starts without it
 * (app/landing-shell.tsx) and hands over here on its first in-app navigation.
 *
 * The public marketing pages (landing and legal) need no session, data cache or toasts, so they render
 * without them: QueryClient, AuthProvider and the Toaster (app/providers.tsx) are loaded the first
 * time the visitor is on, or heads to, any other page. From then on they stay mounted, so every other
 * screen sees exactly the providers it always had.
 */
type Providers = ComponentType<{ children: ReactNode }>;
let providersModule: Promise<Providers> | null = null;
let loadedProviders: Providers | null = null;
// The providers' own texts are the first pages' (the signed-in app's come with its shell: screens.ts).
const loadProviders = () =>
  (providersModule ??= import('./providers').then(
    (m) => (loadedProviders = m.AppProviders),
    (error: unknown) => {
      providersModule = null; // a later attempt may succeed (e.g. back online)
      throw error;
    },
  ));

// Start fetching the providers as soon as a navigation to a non-public page begins, so they arrive
// together with that page's own chunk rather than after it.
if (!isPublicPage(router.state.location.pathname)) void loadProviders().catch(() => undefined);
router.subscribe((state) => {
  const target = state.navigation.location ?? state.location;
  if (!isPublicPage(target.pathname)) void loadProviders().catch(() => undefined);
});

const subscribe = (onChange: () => void) => router.subscribe(onChange);
const currentPathname = () => router.state.location.pathname;
const routerReady = () => router.state.initialized;

function Root() {
  // A synchronous store read: this re-renders no later than RouterProvider itself on a navigation,
  // so a non-public page never renders before its providers are in place.
  const pathname = useSyncExternalStore(subscribe, currentPathname);
  // RouterProvider listens to the router only from when it is committed: rendered in slices (in a
  // transition) while the first screen's code arrives, it could miss that update and stay blank. So it
  // is mounted once the router is ready; until then the page would be blank anyway (BlankUntilLoaded).
  const ready = useSyncExternalStore(subscribe, routerReady);
  const [providers, setProviders] = useState<Providers | null>(() => loadedProviders);
  const [failed, setFailed] = useState(false);
  const needsProviders = !isPublicPage(pathname);
  // The screens render again in a newly chosen language (the providers and their data stay).
  const language = useLanguage();

  useEffect(() => {
    if (!needsProviders || providers) return;
    let cancelled = false;
    loadProviders().then(
      // In a transition, as the first render: the screen under the providers renders in slices.
      (loaded) => !cancelled && startTransition(() => setProviders(() => loaded)),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [needsProviders, providers]);

  if (!ready) return null;
  if (providers) {
    const AppProviders = providers;
    return (
      <AppProviders>
        <RouterProvider key={language} router={router} />
      </AppProviders>
    );
  }
  if (needsProviders && failed) return <LoadFailed />;
  // Only for the moment between a navigation away from a public page and the providers' arrival.
  if (needsProviders) return null;
  return <RouterProvider key={language} router={router} />;
}

/** The entry's own 'could not be loaded' page (plain DOM), inside React's tree. */
function LoadFailed() {
  return (
    <div
      ref={(element) => {
        if (element) showLoadFailed(element);
      }}
    />
  );
}

/** Starts the app on any page but a first visit to the landing page. */
export function startRouterApp(container: HTMLElement): void {
  renderRouterApp(createRoot(container));
}

/** Renders the app into the page's root; lib/navigation's links navigate with the router from now on. */
function renderRouterApp(root: ReactRoot): void {
  setNavigator({
    navigate: (to) => {
      const { pathname, search, hash } = router.state.location;
      // As react-router's Link: a link to the page already shown replaces the history entry.
      void router.navigate(to, { replace: `${pathname}${search}${hash}` === to });
    },
  });
  // In a transition, as the landing shell: the first render (which also compiles much of React's
  // code) runs in slices instead of one long task, and a handover keeps the landing page up meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
}

/**
 * The landing page's handover: the router moves to `to` (its code and, for a signed-in page, the
 * providers are fetched meanwhile) while the landing page stays on screen, then the app replaces it,
 * so the visitor sees no blank page between the two.
 */
export async function enterFromLanding(root: ReactRoot, to: string): Promise<void> {
  await router.navigate(to);
  if (!isPublicPage(router.state.location.pathname)) await loadProviders().catch(() => undefined);
  renderRouterApp(root);
}
