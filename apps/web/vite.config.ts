import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { i18nCatalogues } from './i18n-catalogues.ts';

/**
 * Writes .br and .gz siblings of the text assets at build time (best compression, once), so a static
 * server that serves precompressed files (@fastify/static `preCompressed`) sends them without
 * compressing on every request. Runs last, after the service worker has been generated.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
  async function* files(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* files(full);
      else if (compressible.test(entry.name)) yield full;
    }
  }
  return {
    name: 'amana:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        for await (const file of files(outDir)) {
          if ((await stat(file)).size < 1024) continue;
          const source = await readFile(file);
          await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

/**
 * Most first visits land on `/`. Its code (app/landing-shell.tsx: the landing page without the router)
 * is otherwise discovered only after the entry has run, one more round trip before the first paint; a
 * modulepreload lets the browser fetch it alongside the entry. On other routes it is a small,
 * already-compressed extra fetch that the service worker would precache moments later anyway.
 */
function preloadLandingShell(): Plugin {
  return {
    name: 'amana:preload-landing-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const landing = Object.values(bundle).find(
          (chunk) =>
            chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.endsWith('/src/app/landing-shell.tsx')),
        );
        if (!landing || landing.type !== 'chunk') {
          throw new Error('preloadLandingShell: no chunk for src/app/landing-shell.tsx');
        }
        // The shell, the landing page and everything they import, less what the page already loads.
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        visit(landing.fileName);
        // English's texts for the first pages (lib/i18n.ts), which main.tsx asks for beside the shell.
        visit(catalogueChunk(bundle, 'en', 'public'));
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** The file holding one language's catalogue group (i18n-catalogues.ts). */
function catalogueChunk(bundle: Rolldown.OutputBundle, language: string, group: string): string {
  const id = `\0virtual:i18n/${language}/${group}`;
  const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.moduleIds.includes(id));
  if (!chunk) throw new Error(`no chunk for ${id}`);
  return chunk.fileName;
}

/**
 * app.html: index.html for every address but `/` (the server sends it, apps/server/src/plugins/spa.ts),
 * which preloads the router app's and the providers' files instead of the landing page's. Otherwise
 * the browser discovers them only once the entry has arrived and run, one round trip later, after the
 * landing page's file (which index.html preloads for `/`, most first visits) has taken a connection.
 */
function appPageHtml(): Plugin {
  return {
    name: 'amana:app-page-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('appPageHtml: no index.html in the bundle');
      // Not the landing page's own file (what other pages need of it is in `common`).
      const landing = Object.values(bundle).find(
        (chunk) =>
          chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.endsWith('/src/app/landing-shell.tsx')),
      );
      const html = String(index.source)
        .split('\n')
        .filter(
          (line) => !(landing && line.includes('modulepreload') && line.includes(`/${landing.fileName}"`)),
        )
        .join('\n');
      const files = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
        files.add(file);
        chunk.imports.forEach(visit);
      };
      // The router first: the larger file, and requests made first are served first.
      for (const name of ['router', 'core'])
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.name === name) visit(chunk.fileName);
      // English's texts (lib/i18n.ts): the first pages' and the signed-in app's.
      visit(catalogueChunk(bundle, 'en', 'public'));
      visit(catalogueChunk(bundle, 'en', 'app'));
      if (files.size === 0) throw new Error('appPageHtml: no router or core chunk');
      const preloads = [...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      this.emitFile({
        type: 'asset',
        fileName: 'app.html',
        source: html.replace('</head>', `${preloads}\n  </head>`),
      });
    },
  };
}

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const HEAVY_LIBRARIES = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform|@radix-ui)[\\/]/;
const srcFile = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
type ChunkingContext = Rolldown.ChunkingContext;

/** The signed-in screens people open first (from a link or a bookmark): each gets one file of its own. */
const FIRST_APP_SCREENS = [
  'dashboard',
  'transactions',
  'transaction-details',
  'wallet',
  'join-invitation',
  'create-transaction',
];

/**
 * Chunks by loading unit. Left to itself, the bundler puts every module that two screens share into a
 * chunk of its own: a first visit to /login fetched 28 files and a signed-in page 50 to 80, most under
 * 1 KB. On HTTP/1.1 (six connections to a server) and a mobile network every file costs a round trip,
 * which, more than the bytes, kept /login's LCP at 3 s (docs/performance.md, Web). So the modules are
 * grouped by what loads them, and a first visit fetches about ten files:
 *
 * - `router`: the router app with react-router, the route table and toasts (every page but `/`);
 * - `core`: the providers (data cache, session) and what the account screens share with the
 *   signed-in app (the UI pieces, the API client), which every non-public screen needs;
 * - `auth`: the rest of the account screens (sign-in, sign-up, password reset), all four in one file;
 * - `shell`: the signed-in shell (app/routes/app/app-root.tsx), which every /app page loads;
 * - each of FIRST_APP_SCREENS with all it alone imports, and `screens`: what two or more of them share.
 *
 * Libraries that only some screens use get a file each (`zod`, `forms`, Radix's base, its dialog). What the
 * entry and the landing shell load stay with them; the other lazily loaded modules (the rest of the
 * screens, the shell's parts that come after the first screen) are left to the bundler.
 */
function loadingUnits() {
  type Units = {
    /** Module → the name of its group. */
    groupOf: Map<string, string>;
    /** What the landing page shares with the rest of the app (icons' base, links, formatting). */
    common: Set<string>;
  };
  let units: Units | null = null;
  const reach = (ctx: ChunkingContext, roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const compute = (ctx: ChunkingContext): Units => {
    const entry = srcFile('main.tsx');
    const routerApp = srcFile('app/router-app.tsx');
    const providersModule = srcFile('app/providers.tsx');
    const appRoot = srcFile('app/routes/app/app-root.tsx');
    // Every lazily loaded module: screens, the providers, lazy components.
    const lazy = new Set<string>();
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
      info?.dynamicallyImportedIds.forEach((next) => lazy.add(next));
    }
    const entryReach = reach(ctx, [entry]);
    const landingShell = srcFile('app/landing-shell.tsx');
    const landing = reach(ctx, [landingShell]);
    // What the landing page loads later (the waitlist modal) must not pull in a unit of the app.
    const landingLater = reach(
      ctx,
      [...landing]
        .flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
        .filter((id) => id !== routerApp),
    );
    const routerReach = reach(ctx, [routerApp]);
    const early = new Set([...entryReach, ...landing, ...routerReach]);
    const free = (id: string) => !early.has(id) && !landingLater.has(id) && !lazy.has(id);

    const accountScreens = ['login', 'signup', 'forgot-password', 'reset-password'].map((name) =>
      srcFile(`app/routes/${name}.tsx`),
    );
    const appScreens = [...lazy].filter((id) => id.startsWith(srcFile('app/routes/app/')));
    const providers = reach(ctx, [providersModule]);
    const auth = reach(ctx, accountScreens);
    const shell = reach(ctx, [appRoot]);
    const app = reach(ctx, appScreens);
    const first = FIRST_APP_SCREENS.map((name) => reach(ctx, [srcFile(`app/routes/app/${name}.tsx`)]));

    const groupOf = new Map<string, string>();
    const assign = (name: string, ids: Iterable<string>) => {
      for (const id of ids) if (!groupOf.has(id)) groupOf.set(id, name);
    };
    // A lazily loaded module merged into a group keeps working (its import() loads the group's file);
    // it loses only its own file, one request fewer.
    const routerOnly = (id: string) => !entryReach.has(id) && !landing.has(id) && !landingLater.has(id);
    assign('router', [routerApp, ...[...routerReach].filter(routerOnly)]);
    // A module that brings a library of its own (a schema brings zod, a form react-hook-form, a dialog
    // Radix) does not go into a file that screens without that library load.
    const light = (id: string) => [...reach(ctx, [id])].every((dep) => !HEAVY_LIBRARIES.test(dep));
    assign('core', [
      providersModule,
      ...[...providers, ...[...auth].filter((id) => app.has(id) && light(id))].filter(free),
    ]);
    // What the account screens share with signed-in screens and is heavy (the account schema) is left
    // to the bundler, so that those screens do not load the sign-in forms with it.
    assign('auth', [...accountScreens, ...[...auth].filter((id) => free(id) && !app.has(id))]);
    assign('shell', [appRoot, ...[...shell].filter(free)]);
    // With what they load once shown (dialogs, other tabs): a module one first screen shows and another
    // one's dialog uses (the wallet's balance query, the transaction's payment dialog) is shared too,
    // not left to the bundler, which would give it a file of its own.
    const firstWithLater = FIRST_APP_SCREENS.map((name) => {
      const seen = new Set<string>();
      const stack = [srcFile(`app/routes/app/${name}.tsx`)];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const info = ctx.getModuleInfo(id);
        stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
      }
      return seen;
    });
    const shared = (id: string) =>
      first.some((screen) => screen.has(id)) && firstWithLater.filter((screen) => screen.has(id)).length >= 2;
    assign(
      'screens',
      [...app].filter((id) => free(id) && shared(id) && light(id)),
    );
    // Each first screen with what it alone needs; what it shares and is heavy is left to the bundler,
    // and so is what the shell's later parts (menus, live events) use: every page loads those, and
    // they must not bring a screen's file with them.
    const shellLater = reach(
      ctx,
      [...shell].flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
    );
    const alone = (id: string) => free(id) && !shared(id) && !auth.has(id) && !shellLater.has(id);
    FIRST_APP_SCREENS.forEach((name, i) =>
      assign(name, [srcFile(`app/routes/app/${name}.tsx`), ...[...first[i]!].filter(alone)]),
    );

    // Small modules of the waitlist modal that the app uses too go into `common`, which every page loads
    // already, rather than into a file of their own; not those that bring a library with them (a
    // schema brings zod), which `/` must not download.
    const appSide = new Set([...providers, ...auth, ...app]);
    const plain = (id: string) =>
      [...reach(ctx, [id])].every((dep) => !dep.includes('/node_modules/') || REACT.test(dep));
    const landingShared = [...landingLater].filter(
      (id) => appSide.has(id) && !lazy.has(id) && !entryReach.has(id) && plain(id),
    );
    // Of the landing page's modules, those every other page needs too (the icons' base, links, money
    // formatting) go in a file of their own: other pages then do not download the landing page.
    const landingScreen = srcFile('app/routes/landing.tsx');
    const elsewhere = reach(ctx, [
      routerApp,
      ...[...lazy].filter((id) => id !== landingScreen && id !== landingShell && !landingLater.has(id)),
    ]);
    const common = new Set([
      ...[...landing].filter((id) => elsewhere.has(id) && !entryReach.has(id)),
      ...landingShared,
    ]);
    return { groupOf, common };
  };
  const library = (name: string, packages: string): Rolldown.CodeSplittingGroup => ({
    name,
    test: new RegExp(`[\\/]node_modules[\\/](${packages})[\\/]`),
    priority: 5,
  });
  const groups: Rolldown.CodeSplittingGroup[] = [
    {
      name: (id, ctx) => ((units ??= compute(ctx)).common.has(id) ? 'common' : null),
      debugName: 'common',
      priority: 4,
      includeDependenciesRecursively: false,
    },
    library('forms', 'react-hook-form|@hookform'),
    library('zod', 'zod'),
    // Radix's base, which all its parts need (the transaction page's tabs as well as the dialogs and
    // menus), in a file of its own: in the dialog's file, it made the tabs bring the dialog's focus trap,
    // dismissable layer and scroll lock (8 KB gzip) to a page that opens no dialog before a click.
    library(
      'radix',
      '@radix-ui[\\/](?:primitive|react-(?:compose-refs|context|id|presence|primitive|slot|use-callback-ref|use-controllable-state|use-effect-event|use-layout-effect))',
    ),
    // The dialog on its own: the landing page's waitlist modal needs only that of Radix (and its base).
    library(
      'dialog',
      '@radix-ui[\\/]react-dialog|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|detect-node-es',
    ),
    {
      name: (id, ctx) => (units ??= compute(ctx)).groupOf.get(id) ?? null,
      debugName: 'loading units',
      priority: 1,
      // The sets already hold every static dependency, minus what belongs elsewhere: pull no more.
      includeDependenciesRecursively: false,
    },
  ];
  return {
    plugin: {
      name: 'amana:loading-units',
      apply: 'build',
      buildStart() {
        units = null;
      },
      // A lazily loaded module merged into a group has no entry of its own in Vite's manifest: this
      // says which file holds it (for scripts/bench-web.mjs).
      generateBundle(_, bundle) {
        const root = fileURLToPath(new URL('.', import.meta.url));
        const files: Record<string, string> = {};
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          for (const id of chunk.moduleIds) {
            if (id.startsWith(root) && this.getModuleInfo(id)?.dynamicImporters.length)
              files[path.relative(root, id)] = chunk.fileName;
          }
        }
        this.emitFile({
          type: 'asset',
          fileName: '.vite/lazy-modules.json',
          source: JSON.stringify(files, null, 2),
        });
      },
    } satisfies Plugin,
    groups,
  };
}

const units = loadingUnits();

/**
 * What a first visit to a signed-in screen runs before its first paint stays light.
 * The first screens (all of FIRST_APP_SCREENS but the create form) and the shell's parts that every
 * signed-in page loads once its first screen shows (lib/deferred-part.tsx) must not load zod or
 * react-hook-form, and the screens not Radix's dialog, which their dialogs load when opened. Zod used to
 * come with a text: a schema module of packages/shared builds zod schemas, so importing only its text
 * brings zod (26 KB gzip); texts and rules come from `@escrow/shared/texts/*` and `/domain/*`, which are
 * zod-free (packages/shared/src/texts/zod-free.test.ts). Fails the build, with the import chain, if one of
 * them loads such a library with its file, or with a file that file imports statically.
 */
function firstScreensStayLight(): Plugin {
  const library = (name: string, packages: string) => ({
    name,
    test: new RegExp(`[\\/]node_modules[\\/](?:${packages})[\\/]`),
  });
  const zod = library('zod', 'zod');
  const forms = library('react-hook-form', 'react-hook-form|@hookform');
  const dialog = library("Radix's dialog", '@radix-ui[\\/]react-dialog');
  const checks = [
    ...FIRST_APP_SCREENS.filter((name) => name !== 'create-transaction').map((name) => ({
      module: `app/routes/app/${name}.tsx`,
      forbidden: [zod, forms, dialog],
    })),
    ...[
      'app/live-events.tsx',
      'features/notifications/components/notification-menu.tsx',
      'features/wallet/components/wallet-dropdown.tsx',
      'features/pwa/components/install-prompt.tsx',
      'components/layouts/user-menu.tsx',
    ].map((module) => ({ module, forbidden: [zod, forms] })),
  ];
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  return {
    name: 'amana:first-screens-stay-light',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      /** The static imports from `from` to the first module `test` matches, as a readable chain. */
      const importChain = (from: string, test: RegExp) => {
        const cameFrom = new Map<string, string | null>([[from, null]]);
        const queue = [from];
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          if (test.test(id)) {
            const chain: string[] = [];
            for (let step: string | null | undefined = id; step; step = cameFrom.get(step))
              chain.unshift(path.relative(repoRoot, step).replace(/^.*node_modules[\\/]/, ''));
            return chain.join('\n      → ');
          }
          for (const next of this.getModuleInfo(id)?.importedIds ?? [])
            if (!cameFrom.has(next)) {
              cameFrom.set(next, id);
              queue.push(next);
            }
        }
        return '(no static import chain: the chunking put it with a module the screen imports)';
      };
      const problems: string[] = [];
      for (const { module, forbidden } of checks) {
        const id = srcFile(module);
        const home = chunks.find((chunk) => chunk.moduleIds.includes(id));
        if (!home) {
          problems.push(`src/${module} is in no file of the build (renamed? update firstScreensStayLight)`);
          continue;
        }
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
          files.add(file);
          chunk.imports.forEach(visit);
        };
        visit(home.fileName);
        for (const lib of forbidden) {
          const file = [...files].find((name) => {
            const chunk = bundle[name];
            return chunk?.type === 'chunk' && chunk.moduleIds.some((dep) => lib.test.test(dep));
          });
          if (file)
            problems.push(
              `src/${module} loads ${lib.name} before it shows (${file}):\n      ${importChain(id, lib.test)}`,
            );
        }
      }
      if (problems.length > 0)
        throw new Error(
          `firstScreensStayLight: a first screen or a part of the signed-in shell loads a library it must ` +
            `not load up front (import texts and rules from @escrow/shared/texts/* or /domain/*, not ` +
            `/schemas/*; load forms and dialogs when opened, lib/deferred-part.tsx, later-parts.tsx):\n  - ` +
            problems.join('\n  - '),
        );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    i18nCatalogues(),
    VitePWA({
      filename: 'sw.js',
      registerType: 'autoUpdate',
      // main.tsx registers /sw.js once the page has loaded and gone idle, so the install's
      // downloads do not compete with the first screen's; no registration script of its own.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Amana Escrow',
        short_name: 'Amana',
        description:
          'Safe payments between buyers and sellers in Nigeria: money is held in escrow until the buyer confirms delivery.',
        lang: 'en-NG',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        categories: ['finance', 'shopping', 'business'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every built script, style, page and icon, so it starts offline after one visit.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Other languages' texts are not downloaded for a visitor who never reads them: each is cached
        // the first time it is loaded instead (its file name carries its hash, so it never goes stale).
        globIgnores: ['**/i18n-{pcm,yo,ha,ig}-*.js'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/i18n-[a-z]+-[a-z]+-[\w-]+\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'amana-languages', expiration: { maxEntries: 20 } },
          },
        ],
        navigateFallback: '/index.html',
        // API calls and the live channel always go to the network; they are never answered from cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    preloadLandingShell(),
    units.plugin,
    firstScreensStayLight(),
    appPageHtml(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  // The manifest lets scripts/bench-web.mjs measure what each route loads.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Each language's catalogue groups (i18n-catalogues.ts) in files named for them, so the
            // service worker can leave other languages out of its precache (see workbox below).
            {
              name: (id: string) =>
                /virtual:i18n\/(\w+)\/(\w+)/.exec(id)?.slice(1).join('-').replace(/^/, 'i18n-') ?? null,
              test: /virtual:i18n\//,
              priority: 8,
            },
            // Vite's preload helper, which the entry needs to start any page, in a file of its own:
            // otherwise it joins the landing file and every page's entry would wait for that.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 7 },
            // React and react-dom, which every page needs, in one file under a name that says so.
            { name: 'react', test: REACT, priority: 6 },
            // The landing shell and page with what they import, as one file: a first visit to `/`
            // fetches a few scripts in parallel instead of a dozen small ones (first paint about
            // 0.25 s sooner on Lighthouse's mobile network). index.html preloads it; what other pages
            // need of it too is in `common` (loadingUnits), which both HTML pages preload.
            {
              name: 'landing',
              test: /[\\/]src[\\/]app[\\/](landing-shell|routes[\\/]landing)\.tsx$/,
              priority: 3,
            },
            ...units.groups,
          ],
        },
      },
    },
  },
});
