import { createRoot } from 'react-dom/client';
import { LoadFailed } from './app/load-failed';
// Catches the browser's one install offer of this page load, before the shell that shows it exists.
import './features/pwa/install-events';
import './index.css';

/**
 * The entry holds React and chooses how the page starts: a first visit to the landing page renders it
 * without the router (app/landing-shell.tsx, which index.html preloads); every other page starts the
 * app with its router (app/router-app.tsx). See docs/performance.md, Web.
 */
const root = createRoot(document.getElementById('root')!);
const start =
  window.location.pathname === '/'
    ? import('./app/landing-shell').then((shell) => shell.startLanding(root))
    : import('./app/router-app').then((app) => app.startRouterApp(root));
start.catch(() => root.render(<LoadFailed />));
