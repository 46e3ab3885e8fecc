import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNavigator } from '../lib/navigation';
import { useLanguage } from '../lib/use-language';
import type * as RouterApp from './router-app';
import LandingPage from './routes/landing';

// Type only (erased): the router app stays out of this chunk until it is asked for.
let routerApp: Promise<typeof RouterApp> | null = null;
const loadRouterApp = () =>
  (routerApp ??= import('./router-app').catch((error: unknown) => {
    routerApp = null; // a later attempt may succeed (e.g. back online)
    throw error;
  }));

/**
 * A first visit to `/` (most first visits) shows the landing page without react-router, the route
 * table or the providers: they are a third of the JavaScript the page would otherwise download,
 * parse and run before the visitor can use it (docs/performance.md, Web). The router is fetched when
 * a link to another page is pointed at or focused, and takes over on the first click (router-app.tsx);
 * the landing page's own links are lib/link.tsx's, which need no router.
 */
export function startLanding(container: HTMLElement): void {
  const root = createRoot(container);
  setNavigator({
    prepare: () => void loadRouterApp().catch(() => undefined),
    navigate: (to) => {
      if (new URL(to, window.location.href).pathname === window.location.pathname) {
        // Already here (the logo): as react-router's Link, replace the entry and stay.
        window.history.replaceState(window.history.state, '', to);
        return;
      }
      loadRouterApp().then(
        (app) => app.enterFromLanding(root, to),
        // The router could not be fetched (offline): a full page load, which the service worker serves.
        () => window.location.assign(to),
      );
    },
  });
  // In a transition, React renders the first screen in slices of a few milliseconds instead of one
  // task (the first render also compiles much of React's own code): no long task while it loads.
  startTransition(() =>
    root.render(
      <StrictMode>
        <LandingInLanguage />
      </StrictMode>,
    ),
  );
}

/** The landing page renders again in a newly chosen language (its switcher). */
function LandingInLanguage() {
  return <LandingPage key={useLanguage()} />;
}
