import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Tracer,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's span in its trace (registered only while tracing is on, see plugins/tracing.ts). */
    traceContext: Context | null;
  }
}

/** The trace id of a request (for its log line), or undefined when it has no span. */
export function traceIdOf(request: FastifyRequest): string | undefined {
  const span = request.traceContext ? trace.getSpan(request.traceContext) : undefined;
  return span?.spanContext().traceId;
}

/**
 * One SERVER span per request, registered by buildApp only while tracing is on (docs/operations.md,
 * "Traces"): named `METHOD /route/:pattern` (never the URL itself, which holds ids), continuing the
 * caller's trace when it sends a W3C `traceparent`. Everything the request does (statements, Redis,
 * provider calls, ledger postings) runs inside it and becomes its children.
 */
export const httpTracingPlugin = fp(async (app: FastifyInstance, { tracer }: { tracer: Tracer }) => {
  app.decorateRequest('traceContext', null);

  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
          'url.scheme': request.protocol,
          // What a user quotes from an error answer (x-request-id): search the traces by it.
          'app.request.id': request.id,
        },
      },
      parent,
    );
    request.traceContext = trace.setSpan(parent, span);
    // The rest of the request's hooks and its handler run in its context (AsyncLocalStorage). Fastify
    // reads a body inside an AsyncResource of the request, so a body arriving later keeps it too
    // (tracing.test.ts sends one after a pause).
    context.with(request.traceContext, done);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const span = request.traceContext ? trace.getSpan(request.traceContext) : undefined;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('error.type', String(reply.statusCode));
      }
      span.end();
    }
    done();
  });
});
