import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.ts';
import { AppError } from '../lib/errors.ts';
import type { AppMetrics } from '../lib/metrics.ts';
import type { HistogramSeries } from '../lib/metrics-histogram.ts';
import { registerScrapeGauges, type ScrapeGaugeDeps } from './metrics.gauges.ts';

export type MetricsPluginDeps = Omit<ScrapeGaugeDeps, 'redisConfigured'> & {
  config: Pick<AppConfig, 'METRICS_TOKEN' | 'REDIS_URL'>;
  metrics: AppMetrics;
};

/** The label of requests no route matched (the SPA's pages, unknown paths): never the raw path. */
const UNMATCHED = 'unmatched';
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus text format, on the app's own port (docs/operations.md, "Metrics"). Without
 * METRICS_TOKEN it is a 404 like any unknown path and nothing is measured per request; with it, it
 * answers only `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time) and 401 otherwise.
 * Outside /api, left out of the OpenAPI document, and under no request limit (a scraper polls it).
 * Register it before the routes: each route gets its own duration hook as it is added.
 */
export const metricsPlugin = fp<MetricsPluginDeps>(async (app, deps) => {
  const token = deps.config.METRICS_TOKEN;
  const { registry } = deps.metrics;
  const expected = token ? sha256(token) : null;

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) throw new AppError('NOT_FOUND', `Route ${request.method} /metrics not found`);
    const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Digests have one length, so neither the comparison's time nor its length check reveals the token.
    if (!presented || !timingSafeEqual(sha256(presented), expected))
      throw new AppError('UNAUTHORIZED', 'Authentication required', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
  if (!expected) return;

  deps.metrics.collectProcessMetrics();
  recordRequestDurations(app, deps.metrics);
  registerScrapeGauges(registry, { ...deps, redisConfigured: Boolean(deps.config.REDIS_URL) });
});

/**
 * http_request_duration_seconds by method, route pattern and status class, from `reply.elapsedTime`.
 * Each route gets its own onResponse hook holding its series, so a request costs a map lookup and a
 * bucket search: no label object, no string built. Requests no route matched share the UNMATCHED series.
 */
function recordRequestDurations(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onRoute', (route) => {
    const seriesOf = seriesTable(metrics, route.url);
    const record: onResponseHookHandler = (request, reply, done) => {
      seriesOf(request.method, reply.statusCode).observe(reply.elapsedTime / 1000);
      done();
    };
    const own = route.onResponse;
    route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), record] : [record];
  });
  const unmatched = seriesTable(metrics, UNMATCHED);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
      unmatched(method, reply.statusCode).observe(reply.elapsedTime / 1000);
    }
    done();
  });
}

/** The series of one route, made on first use for each method and status class (1xx to 5xx). */
function seriesTable(metrics: AppMetrics, route: string) {
  const byMethod = new Map<string, HistogramSeries[]>();
  return (method: string, statusCode: number): HistogramSeries => {
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = []));
    const statusClass = Math.trunc(statusCode / 100);
    return (byClass[statusClass] ??= metrics.httpSeries(method, route, `${statusClass}xx`));
  };
}
