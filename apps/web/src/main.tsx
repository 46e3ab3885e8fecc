// Catches the browser's one install offer of this page load, before the shell that shows it exists.
import './features/pwa/install-events';
// Before anything loads zod (see the file).
import './app/zod-jitless';
import './index.css';
import { showLoadFailed } from './app/load-failed';
import { isPublicPage, matchScreens } from './app/screens';
import { getToken, startEarlyGet, whenEarlyAnswersHandled } from './lib/api-client';
import { initialLanguage, setLanguage } from './lib/i18n';

/**
 * The entry only chooses how the page starts, so it is small and runs as soon as it arrives: a first
 * visit to the landing page renders it without the router (app/landing-shell.tsx, which index.html
 * preloads with React); every other page starts the app with its router (app/router-app.tsx, which
 * app.html, the page the server sends for every other address, preloads with React). See
 * docs/performance.md, Web.
 */
const container = document.getElementById('root')!;
const { pathname } = window.location;
// The page's texts in the visitor's language (lib/i18n.ts): its catalogue is fetched beside the code.
const language = setLanguage(initialLanguage(), { remember: false });
let start: Promise<void>;
if (pathname === '/') {
  start = Promise.all([import('./app/landing-shell'), language]).then(([shell]) =>
    shell.startLanding(container),
  );
} else {
  // The router app first: its file (react-router) is the largest a page waits for, and requests made
  // first are served first (HTTP/1.1 allows a browser six at a time to a server).
  start = Promise.all([import('./app/router-app'), language]).then(([app]) => app.startRouterApp(container));
  startFirstScreen(pathname);
}
start.catch(() => showLoadFailed(container));
registerServiceWorker();

/**
 * Asks at once, and in parallel, for what the first screen needs before it can show: the screen's code
 * (and its parents', with the texts they need), the providers and, with a session, the account and the
 * screen's data. Otherwise each would be asked for only once the one before had arrived and run: router
 * app, then screen and providers, then account, then data. The router and the app take these over (the same modules;
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
 * The service worker (the app opens offline after one visit) is registered from here, late: its install
 * downloads every file of the app (about a hundred), which must not compete with what the page still
 * loads and runs once it shows (a signed-in page's menus, live events and next steps come after its first
 * screen) nor with a person's first taps, on a phone on mobile data. So it waits for the load event, the
 * early answers to reach the app, then SERVICE_WORKER_DELAY_MS and an idle moment. Registered at the first
 * idle moment after load, its install fetched 110 files within the first seconds of `/login` and slowed the
 * page's own tasks (docs/performance.md, Web). (The build does not add a registration script of its own:
 * one request fewer before the first screen.)
 */
const SERVICE_WORKER_DELAY_MS = 5_000;

function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // Safari has no requestIdleCallback.
  const whenIdle = (callback: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(callback, { timeout: 5_000 })
      : window.setTimeout(callback, 200);
  window.addEventListener('load', () => {
    void whenEarlyAnswersHandled().then(() =>
      window.setTimeout(() => whenIdle(register), SERVICE_WORKER_DELAY_MS),
    );
  });
}
