import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { dismissPageToastsOnNavigation } from '../lib/page-toasts';
import { SCREENS, type Screen } from './screens';

/**
 * Until the first screen's code has arrived the page stays blank: it is one small chunk, and a spinner
 * would only flash. Declared, so the router knows the blank is intended.
 */
const BlankUntilLoaded = () => null;

/** Every screen is lazy-loaded so the landing page ships none of the signed-in app's code. */
const page = (load: Screen['load']) => ({
  lazy: async () => ({ Component: (await load()).default }),
  HydrateFallback: BlankUntilLoaded,
});

const toRoute = ({ path, load, handle, indexRedirect, children }: Screen): RouteObject => ({
  path,
  ...page(load),
  ...(handle ? { handle } : {}),
  ...(children
    ? {
        children: [
          ...(indexRedirect ? [{ index: true, element: <Navigate to={indexRedirect} replace /> }] : []),
          ...children.map(toRoute),
        ],
      }
    : {}),
});

/** The screens and their addresses are in app/screens.ts. */
export const routes: RouteObject[] = SCREENS.map(toRoute);

export const router = createBrowserRouter(routes);
// Toasts stay on the page that raised them (lib/page-toasts.ts).
dismissPageToastsOnNavigation(router);
