import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The Content-Security-Policy and the other helmet headers of every answer (DESIGN "Security"). */
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

/** Sets the precomputed security headers on every answer. */
export const securityHeadersPlugin = fp(async (app) => {
  const headers = computeSecurityHeaders(SECURITY_HEADER_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // No browser or proxy may keep an API answer: sign-in, sign-up and reset answers carry a token
    // without the request carrying one, and errors may carry account details. A route whose answer may
    // be kept says so itself (its own Cache-Control replaces this one). A signed-in answer elsewhere is
    // private too. The web app's files keep their own caching (plugins/spa.ts).
    if (isApiPath(request.url) || request.headers.authorization) reply.header('cache-control', 'no-store');
    done();
  });
});
