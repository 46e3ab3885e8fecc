import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The Content-Security-Policy and the other helmet headers of every answer (docs/security.md). */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Runs helmet once, against a recording response, and returns the headers it sets. Our policy has no
 * per-request part (no nonces), so the headers are the same for every answer; computing them per
 * request (as @fastify/helmet does) cost about 4% of a read's CPU.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failed: unknown = null;
  helmet(options)(
    { headers: {}, method: 'GET', url: '/' } as unknown as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failed = error ?? null;
    },
  );
  if (failed) throw failed;
  return headers;
}

const isApiPath = (url: string) => url === '/api' || /^\/api[/?]/.test(url);
/** Swagger UI is a page: it gets the page headers although it lives under /api. */
const isApiPage = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * What an API answer (JSON, or a file under /api/uploads, which sets its own sandboxing CSP) needs of
 * the page headers: nothing in it runs as a page, so the policy forbids everything; no sniffing a
 * type; not readable cross-origin; HTTPS remembered; framing as before. The rest of helmet's headers
 * (referrer, DNS prefetch, opener, origin-agent-cluster, ...) govern documents and are left to pages:
 * setting all thirteen on every JSON answer was about a tenth of a read's CPU.
 */
export function apiHeadersFrom(page: Record<string, string>): Record<string, string> {
  const kept = [
    'x-content-type-options',
    'cross-origin-resource-policy',
    'strict-transport-security',
    'x-frame-options',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.flatMap((name) => (page[name] ? [[name, page[name]]] : []))),
  };
}

/** Sets the precomputed security headers on every answer: a page's full set, an API answer's own. */
export const securityHeadersPlugin = fp(async (app) => {
  const pageHeaders = computeSecurityHeaders(SECURITY_HEADER_OPTIONS);
  const apiHeaders = apiHeadersFrom(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const api = isApiPath(request.url) && !isApiPage(request.url);
    reply.headers(api ? apiHeaders : pageHeaders);
    // No browser or proxy may keep an API answer: sign-in, sign-up and reset answers carry a token
    // without the request carrying one, and errors may carry account details. A route whose answer may
    // be kept says so itself (its own Cache-Control replaces this one). A signed-in answer elsewhere is
    // private too. The web app's files keep their own caching (plugins/spa.ts).
    if (api || request.headers.authorization) reply.header('cache-control', 'no-store');
    done();
  });
});
