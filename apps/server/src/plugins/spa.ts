import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built web app. Unknown /api paths are JSON 404s; every other unknown path gets the app's
 * page (history fallback: app.html, or index.html from an older build) so the SPA shows its own 404 page.
 */
export const spaPlugin = fp(async (app) => {
  const root = path.resolve(app.deps.config.WEB_DIST_DIR ?? defaultDist);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  // Every page but `/` starts with the router app: the build's app.html preloads its files, where
  // index.html preloads the landing page's (apps/web/vite.config.ts, appPageHtml). Older builds: index.html.
  const appPage = existsSync(path.join(root, 'app.html')) ? 'app.html' : 'index.html';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The build writes .br/.gz copies of every asset: serve them to clients that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest'))
          res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve it');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const pathname = url.split('?')[0]!;
    // A missing file (an old asset after a deploy) is a 404, never index.html stored under a .js address.
    const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (url === '/api' || url.startsWith('/api/') || !hasBuild || request.method !== 'GET' || isFile) {
      return reply.status(404).send({
        success: false,
        error: `Route ${request.method} ${url.split('?')[0]} not found`,
        code: 'NOT_FOUND',
        requestId: request.id,
      });
    }
    return reply.header('cache-control', 'no-cache').sendFile(appPage);
  });
});
