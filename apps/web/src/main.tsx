// Catches the browser's one install offer of this page load, before the shell that shows it exists.
import './features/pwa/install-events';
import './index.css';
import { showLoadFailed } from './app/load-failed';

/**
 * The entry only chooses how the page starts, so it is tiny and runs as soon as it arrives: a first
 * visit to the landing page renders it without the router (app/landing-shell.tsx, which index.html
 * preloads with React); every other page starts the app with its router (app/router-app.tsx), whose
 * download starts here, in parallel with React's. See docs/performance.md, Web.
 */
const container = document.getElementById('root')!;
const start =
  window.location.pathname === '/'
    ? import('./app/landing-shell').then((shell) => shell.startLanding(container))
    : import('./app/router-app').then((app) => app.startRouterApp(container));
start.catch(() => showLoadFailed(container));
