/**
 * Where a message lives (docs/languages.md): its namespace follows the file that names it, and a
 * namespace belongs to one of three groups. The web app loads a language's `public` group with its
 * first page and its `app` group with the signed-in app; `server` messages (e-mails, PDFs, notices
 * written by the server) are read only by the server, which holds every group.
 */

/** The namespace of a message named in `file` (a path relative to the repository). */
export function namespaceOf(file) {
  const parts = file.split('/');
  const [root, , , dir, name = ''] = parts; // e.g. apps/web/src/features/wallet/…
  if (root === 'packages') {
    // packages/shared/src/{texts,schemas}/<name>.ts, domain/<name>.ts, errors.ts, events.ts
    if (dir === 'texts' || dir === 'schemas') return stripExtension(name);
    if (dir === 'domain') return `domain-${stripExtension(name)}`;
    return 'common';
  }
  if (parts[1] === 'server') {
    // apps/server/src/modules/<module>/…; everything else on the server is `server`
    return dir === 'modules' && name ? `server-${name}` : 'server';
  }
  // apps/web/src/…
  if (dir === 'features' && name === 'landing' && parts[5] === 'legal') return 'legal';
  if (dir === 'features') return name;
  if (dir === 'app' && name === 'routes') {
    const route = stripExtension(parts[5] ?? '');
    if (route === 'app') return 'shell';
    return WEB_ROUTE_NAMESPACES[route] ?? 'common';
  }
  if (dir === 'app') return 'shell';
  return 'common';
}

const WEB_ROUTE_NAMESPACES = {
  landing: 'landing',
  login: 'auth',
  signup: 'auth',
  'forgot-password': 'auth',
  'reset-password': 'auth',
  legal: 'legal',
};

/**
 * Namespaces the first pages need: the landing page (its calculator shows the fee rules' and the
 * categories' labels, its install card pwa's), sign-in and sign-up (with the privacy notice's consent),
 * the words they share. The other domain files (the state machine, disputes, milestones, the
 * transaction labels: 190 texts) are the signed-in app's.
 */
const PUBLIC_NAMESPACES = new Set([
  'common',
  'landing',
  'auth',
  'waitlist',
  'fee-calculator',
  'phone',
  'privacy-notice',
  'pwa',
  'domain-fee-estimate',
  'domain-fees',
  'domain-nigeria',
]);

export const GROUPS = ['public', 'app', 'legal', 'server'];

/**
 * `legal`: the legal pages' long texts (a third of what the landing page would otherwise download in
 * another language), fetched with a legal page.
 */
export function groupOf(namespace) {
  if (namespace === 'server' || namespace.startsWith('server-')) return 'server';
  if (namespace === 'legal') return 'legal';
  return PUBLIC_NAMESPACES.has(namespace) ? 'public' : 'app';
}

/**
 * Where a text named in several namespaces is translated once: `common` (the first pages' group, so it is
 * there wherever it shows) when a public or legal page names it, `server` when only the server does,
 * else `app-common`, which comes with the signed-in app and keeps the first page light.
 */
export function sharedNamespace(namespaces) {
  const groups = new Set([...namespaces].map(groupOf));
  if (groups.has('public') || groups.has('legal')) return 'common';
  if (groups.size === 1 && groups.has('server')) return 'server';
  return 'app-common';
}

function stripExtension(name) {
  return name.replace(/\.(tsx?|mjs)$/, '');
}
