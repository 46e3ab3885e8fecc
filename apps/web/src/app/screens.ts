import type { ComponentType } from 'react';
import { loadCatalogues } from '../lib/i18n';

/**
 * Every screen of the app: its address (react-router's path syntax) and its code, loaded on first use.
 * app/router.tsx builds the route table from it. It lives apart from the router, with no react-router
 * in it, because the entry (main.tsx) reads it too: on a first visit the entry starts downloading the
 * screen the address needs (and its parents) together with the router app, instead of after it
 * (docs/performance.md, Web).
 */
export type Screen = {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Passed to the route as its `handle` (e.g. the roles the /app guard lets in). */
  handle?: Record<string, unknown>;
  /** The page `{path}` itself redirects to (an index route). */
  indexRedirect?: string;
  /**
   * The API GETs the screen makes as it first renders (paths as its API functions build them), for
   * the entry to start alongside the code: the first screen then shows its data as soon as it runs.
   * A path that no longer matches costs one unused request; the bench reports it (docs/performance.md).
   */
  data?: (params: Record<string, string>) => string[];
  children?: Screen[];
};

const STAFF = ['ADMIN', 'SUPPORT'] as const;

const transactionDetails = {
  load: () => import('./routes/app/transaction-details'),
  // features/transactions/api/get-transaction.ts
  data: ({ id = '' }: Record<string, string>) => [`/transactions/${encodeURIComponent(id)}`],
};

export const SCREENS: Screen[] = [
  { path: '/', load: () => import('./routes/landing') },
  // The legal pages' long texts are a catalogue group of their own (lib/i18n.ts), fetched with the page.
  {
    path: '/legal/:page',
    load: () => Promise.all([import('./routes/legal'), loadCatalogues('legal')]).then(([page]) => page),
  },
  { path: '/login', load: () => import('./routes/login') },
  { path: '/signup', load: () => import('./routes/signup') },
  { path: '/forgot-password', load: () => import('./routes/forgot-password') },
  { path: '/reset-password', load: () => import('./routes/reset-password') },
  { path: '/unauthorized', load: () => import('./routes/unauthorized') },
  {
    path: '/app',
    // The signed-in app's texts (lib/i18n.ts) come with its shell, so no screen under it shows before them.
    load: () =>
      Promise.all([import('./routes/app/app-root'), loadCatalogues('app')]).then(([shell]) => shell),
    indexRedirect: '/app/dashboard',
    children: [
      {
        path: 'dashboard',
        load: () => import('./routes/app/dashboard'),
        // features/transactions/api/list-transactions.ts: the statistics and the 5 newest.
        data: () => ['/transactions/stats', '/transactions/my-transactions?page=1&limit=5'],
      },
      { path: 'create-transaction', load: () => import('./routes/app/create-transaction') },
      { path: 'join-transaction', load: () => import('./routes/app/join-transaction') },
      {
        path: 'join-transaction/:code',
        load: () => import('./routes/app/join-invitation'),
        // features/transactions/api/invitation.ts
        data: ({ code = '' }) => [`/transactions/invite/${encodeURIComponent(code)}`],
      },
      { path: 'transactions', load: () => import('./routes/app/transactions') },
      { path: 'transactions/:id', ...transactionDetails },
      { path: 'transaction-details/:id', ...transactionDetails },
      { path: 'transaction-status', load: () => import('./routes/app/transaction-status') },
      { path: 'shipping-details/:transactionId', load: () => import('./routes/app/shipping-details') },
      { path: 'payment/:transactionId', load: () => import('./routes/app/payment') },
      { path: 'test-checkout/:reference', load: () => import('./routes/app/test-checkout') },
      {
        path: 'wallet',
        load: () => import('./routes/app/wallet'),
        // lib/wallet-query.ts and the history's first page (features/wallet/components/wallet-history.tsx).
        data: () => ['/wallet', '/wallet/transactions?page=1&limit=10'],
      },
      { path: 'escrow-calculator', load: () => import('./routes/app/escrow-calculator') },
      { path: 'messages', load: () => import('./routes/app/messages') },
      { path: 'notifications', load: () => import('./routes/app/notifications') },
      { path: 'disputes/*', load: () => import('./routes/app/disputes') },
      { path: 'verification', load: () => import('./routes/app/verification') },
      { path: 'profile', load: () => import('./routes/app/profile') },
      { path: 'vendor/*', load: () => import('./routes/app/vendor') },
      { path: 'developers', load: () => import('./routes/app/developers') },
      {
        // The console's own pages (queue, dispute workspace, users, audit log) are nested routes inside it.
        path: 'admin/*',
        handle: { allowedRoles: STAFF },
        load: () => import('./routes/app/admin/admin-root'),
      },
    ],
  },
  { path: '*', load: () => import('./routes/not-found') },
];

/** The public marketing pages: they need no session, data cache or toasts (app/router-app.tsx). */
export const isPublicPage = (pathname: string) => pathname === '/' || pathname.startsWith('/legal/');

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** A matched screen and the address's values for its `:params` (decoded, as react-router gives them). */
export type ScreenMatch = { screen: Screen; params: Record<string, string> };

function matchIn(screens: Screen[], segments: string[]): ScreenMatch[] | null {
  for (const screen of screens) {
    const pattern = segmentsOf(screen.path);
    const splat = pattern.at(-1) === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (segments.length < fixed.length) continue;
    // As react-router: static segments match case-insensitively, `:param` any one segment.
    const params: Record<string, string> = {};
    const fits = fixed.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      } catch {
        return false; // malformed escape: the router shows its error page; nothing to start early
      }
    });
    if (!fits) continue;
    const rest = segments.slice(fixed.length);
    const here = { screen, params };
    if (splat) return [here];
    if (rest.length === 0) {
      const target = screen.indexRedirect ? matchScreens(screen.indexRedirect) : null;
      return [here, ...(target ?? []).filter((match) => match.screen !== screen)];
    }
    const child = screen.children ? matchIn(screen.children, rest) : null;
    if (child) return [here, ...child];
  }
  return null;
}

/**
 * The screens a visit to `pathname` renders, outermost first, as the router matches them (for an index
 * redirect, the target's too). Only a hint for downloading early: the router still decides; a test
 * keeps the two in step (screens.test.ts).
 */
export function matchScreens(pathname: string): ScreenMatch[] | null {
  return matchIn(SCREENS, segmentsOf(pathname));
}
