// Catches the browser's one install offer of this page load, before the shell that shows it exists.
import './features/pwa/install-events';
// Before anything loads zod (see the file).
import './app/zod-jitless';
import './index.css';
import { showLoadFailed } from './app/load-failed';
import { isPublicPage, matchScreens } from './app/screens';
import { getToken, startEarlyGet } from './lib/api-client';

/**
 * The entry only chooses how the page starts, so it is small and runs as soon as it arrives: a first
 * visit to the landing page renders it without the router (app/landing-shell.tsx, which index.html
 * preloads with React); every other page starts the app with its router (app/router-app.tsx, which
 * app.html, the page the server sends for every other address, preloads with React). See
 * docs/performance.md, Web.
 */
const container = document.getElementById('root')!;
const { pathname } = window.location;
let start: Promise<void>;
if (pathname === '/') {
  start = import('./app/landing-shell').then((shell) => shell.startLanding(container));
} else {
  // The router app first: its file (react-router) is the largest a page waits for, and requests made
  // first are served first (HTTP/1.1 allows a browser six at a time to a server).
  start = import('./app/router-app').then((app) => app.startRouterApp(container));
  startFirstScreen(pathname);
}
start.catch(() => showLoadFailed(container));
registerServiceWorker();

/**
 * Asks at once, and in parallel, for what the first screen needs before it can show: the screen's code
 * (and its parents'), the providers and, with a session, the account and the screen's data. Otherwise
 * each would be asked for only once the one before had arrived and run: router app, then screen and
 * providers, then account, then data. The router and the app take these over (the same modules;
 * api-client's early answers).
 */
function startFirstScreen(path: string): void {
  const matches = matchScreens(path) ?? [];
  for (const { screen } of matches) void screen.load().catch(() => undefined);
  if (isPublicPage(path)) return;
  void import('./app/providers').catch(() => undefined);
  if (!getToken()) return;
  startEarlyGet('/auth/me');
  for (const { screen, params } of matches) screen.data?.(params).forEach(startEarlyGet);
}

/**
 * The service worker (the app opens offline after one visit) is registered from here once
 * the page has loaded and the first screen's work is done: its install downloads every file of the app,
 * which must not compete with what the first screen is still fetching on a slow connection. (The build
 * does not add a registration script of its own: one request fewer before the first screen.)
 */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' });
  window.addEventListener('load', () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(register, { timeout: 5_000 });
    else window.setTimeout(register, 1_000);
  });
}
