import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

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

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      filename: 'sw.js',
      registerType: 'autoUpdate',
      // A deferred external script (the CSP allows only same-origin scripts, never inline ones) that
      // registers /sw.js (spec 01 §9); it costs the landing page nothing before first paint.
      injectRegister: 'script-defer',
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
        navigateFallback: '/index.html',
        // API calls and the live channel always go to the network; they are never answered from cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    preloadLandingShell(),
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
            // Vite's preload helper, which the entry needs to start any page, in a file of its own:
            // otherwise it joins the landing file and every page's entry would wait for that.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            // React and react-dom, which every page needs, in one file under a name that says so.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // The landing shell and page with what they import, as one file: a first visit to `/`
            // fetches a few scripts in parallel instead of a dozen small ones (first paint about
            // 0.25 s sooner on Lighthouse's mobile network). index.html preloads it on every page.
            {
              name: 'landing',
              test: /[\\/]src[\\/]app[\\/](landing-shell|routes[\\/]landing)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
