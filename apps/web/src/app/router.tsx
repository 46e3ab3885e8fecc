import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { dismissPageToastsOnNavigation } from '../lib/page-toasts';

/**
 * Until the first screen's code has arrived the page stays blank: it is one small chunk, and a spinner
 * would only flash. Declared, so the router knows the blank is intended.
 */
const BlankUntilLoaded = () => null;

/** Every screen is lazy-loaded so the landing page ships none of the signed-in app's code. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
  HydrateFallback: BlankUntilLoaded,
});

const STAFF = ['ADMIN', 'SUPPORT'] as const;

export const routes: RouteObject[] = [
  { path: '/', ...page(() => import('./routes/landing')) },
  { path: '/legal/:page', ...page(() => import('./routes/legal')) },
  { path: '/login', ...page(() => import('./routes/login')) },
  { path: '/signup', ...page(() => import('./routes/signup')) },
  { path: '/forgot-password', ...page(() => import('./routes/forgot-password')) },
  { path: '/reset-password', ...page(() => import('./routes/reset-password')) },
  { path: '/unauthorized', ...page(() => import('./routes/unauthorized')) },
  {
    path: '/app',
    ...page(() => import('./routes/app/app-root')),
    children: [
      { index: true, element: <Navigate to="/app/dashboard" replace /> },
      { path: 'dashboard', ...page(() => import('./routes/app/dashboard')) },
      { path: 'create-transaction', ...page(() => import('./routes/app/create-transaction')) },
      { path: 'join-transaction', ...page(() => import('./routes/app/join-transaction')) },
      { path: 'join-transaction/:code', ...page(() => import('./routes/app/join-invitation')) },
      { path: 'transactions', ...page(() => import('./routes/app/transactions')) },
      { path: 'transactions/:id', ...page(() => import('./routes/app/transaction-details')) },
      { path: 'transaction-details/:id', ...page(() => import('./routes/app/transaction-details')) },
      { path: 'transaction-status', ...page(() => import('./routes/app/transaction-status')) },
      { path: 'shipping-details/:transactionId', ...page(() => import('./routes/app/shipping-details')) },
      { path: 'payment/:transactionId', ...page(() => import('./routes/app/payment')) },
      { path: 'test-checkout/:reference', ...page(() => import('./routes/app/test-checkout')) },
      { path: 'wallet', ...page(() => import('./routes/app/wallet')) },
      { path: 'escrow-calculator', ...page(() => import('./routes/app/escrow-calculator')) },
      { path: 'messages', ...page(() => import('./routes/app/messages')) },
      { path: 'notifications', ...page(() => import('./routes/app/notifications')) },
      { path: 'disputes/*', ...page(() => import('./routes/app/disputes')) },
      { path: 'verification', ...page(() => import('./routes/app/verification')) },
      { path: 'profile', ...page(() => import('./routes/app/profile')) },
      { path: 'vendor/*', ...page(() => import('./routes/app/vendor')) },
      {
        // The console's own pages (queue, dispute workspace, users, audit log) are nested routes inside it.
        path: 'admin/*',
        handle: { allowedRoles: STAFF },
        ...page(() => import('./routes/app/admin/admin-root')),
      },
    ],
  },
  { path: '*', ...page(() => import('./routes/not-found')) },
];

export const router = createBrowserRouter(routes);
// Toasts stay on the page that raised them (lib/page-toasts.ts).
dismissPageToastsOnNavigation(router);
