import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import { useClockForTimestamps } from './db/columns.ts';
import { serializeError } from './lib/log-serializers.ts';
import { systemClock } from './lib/clock.ts';
import { createResponseSerializerCompiler } from './lib/response-serializer.ts';
import { createMailer } from './lib/mailer.ts';
import { createMetrics } from './lib/metrics.ts';
import { createRealtimeHub } from './lib/realtime.ts';
import { requestIdGenerator } from './lib/request-id.ts';
import { startTracing, traceIdOfActiveSpan } from './lib/tracing.ts';
import type { AppDeps } from './app-deps.ts';
import { createSessionCache, createTokenService } from './modules/auth/index.ts';
import { createIdentityCryptoFrom, createIdentityProvider } from './modules/identity/index.ts';
import { onMoneyEvents } from './modules/ledger/index.ts';
import { createPaymentProvider } from './modules/payments/index.ts';
import { createMessagingProvider } from './modules/phone/index.ts';
import { createFileStorage } from './modules/uploads/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin, toFailure } from './plugins/error-handler.ts';
import { ledgerCheckPlugin } from './plugins/ledger-check.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import { httpTracingPlugin, traceIdOf } from './plugins/tracing.ts';
import { socketPlugin } from './plugins/socket.ts';
import { schedulerPlugin } from './plugins/scheduler.ts';
import { registerModules } from './modules/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The composition root's dependencies, exposed for tests (which move `deps.clock.now`). */
    deps: AppDeps;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the production logger writes (stdout by default); tests capture it. */
  logStream?: { write: (line: string) => void };
  /** Turns tracing on with this processor instead of the OTLP exporter (tests: an in-memory exporter). */
  spanProcessor?: SpanProcessor;
};

const SECRET_QUERY = /([?&](?:token|resetToken|reference)=)[^&]*/gi;
export const redactQuery = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** Builds the whole application: production and tests call this same function. */
export async function buildApp({ config, database, logger, logStream, spanProcessor }: BuildAppOptions) {
  // Null unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md, "Traces"); then, before the logger
  // exists, since every line logged inside a trace names it.
  const tracing = await startTracing(config, spanProcessor);
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      ...(logStream ? { stream: logStream } : {}),
      ...(tracing ? { mixin: traceIdOfActiveSpan } : {}),
      // Never log credentials: tokens, passwords and reset tokens are redacted wherever they appear.
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.resetToken',
        // Identity numbers never reach a log line in full (the identity module logs them masked).
        '*.nin',
        '*.bvn',
        '*.documentNumber',
      ],
      // Reset links carry their token in the query string: keep it out of request logs.
      serializers: {
        req: (req) => ({ method: req.method, url: redactQuery(req.url), remoteAddress: req.ip }),
        // Database errors would otherwise log query parameters and connection settings.
        err: (error) => serializeError(error),
      },
    },
    // One log line per request (written on response, below) instead of Fastify's two: request
    // logging at info was 15-27% of a read's CPU.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    ajv: { customOptions: { removeAdditional: false } },
    // Errors Fastify raises before routing (over-long path parameters, bad URLs) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = toFailure(error);
      // No hook runs for these answers: the request id goes on here.
      void (reply as FastifyReply)
        .code(status)
        .header('x-request-id', request.id)
        .send({ ...body, requestId: request.id });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Shutdown drains: a request in flight when closing starts still completes, and its answer closes the
  // connection, so a keep-alive client cannot hold the closing server open until its idle timeout.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Every answer names its request: what a user quotes, support finds in the logs and traces.
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // The request line's fields are fixed by the serializers (req: method, url with secrets redacted,
  // address; res: status code), so it is written without the wildcard redaction pass every other line
  // gets (that pass cloned and walked each field of every request line).
  const requestLog = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    const line: Record<string, unknown> = {
      reqId: request.id,
      req: request,
      res: reply,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    // Written outside the request's async context (the answer has gone), so its trace is named here.
    if (tracing) line.traceId = traceIdOf(request);
    requestLog.info(line, 'request completed');
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  // Compiled once per route; tests also check every answer against the zod schema.
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));
  const clock = systemClock();
  // `updatedAt` columns follow this clock too (db/columns.ts says why they cannot take it as modules do).
  useClockForTimestamps(clock);
  // Sessions read on the auth path are cached a few seconds; REDIS_URL spreads invalidations.
  const sessionCache = createSessionCache({ clock, log: app.log, redisUrl: config.REDIS_URL });
  const realtime = createRealtimeHub();
  // One registry per app (tests build many apps in one process); served at /metrics with METRICS_TOKEN.
  const metrics = createMetrics();
  const deps: AppDeps = {
    db: database.db,
    databaseKind: database.kind,
    clock,
    config,
    log: app.log,
    mailer: metrics.countMails(createMailer(config, app.log, clock)),
    realtime,
    payments: createPaymentProvider(config, database.db),
    // A session that ends (logout, password change or reset) takes its open sockets with it.
    tokens: createTokenService(
      database.db,
      clock,
      config.JWT_SECRET_PREVIOUS ? [config.jwtSecret, config.JWT_SECRET_PREVIOUS] : config.jwtSecret,
      config.TOKEN_TTL_HOURS,
      sessionCache,
      (ids) => realtime.disconnectSessions(ids),
    ),
    storage: createFileStorage(config),
    identityProvider: createIdentityProvider(config),
    identityCrypto: createIdentityCryptoFrom(config),
    messaging: createMessagingProvider(config, app.log, clock),
    dumpDatabase: database.dump ?? null,
    metrics,
  };
  app.decorate('deps', deps);
  // Money events reach the metrics once their database transaction has committed (ledger.events.ts).
  onMoneyEvents(database.db, metrics.moneyEvent, (error) =>
    app.log.error({ err: error }, 'money event not counted'),
  );
  app.addHook('onClose', async () => {
    await deps.tokens.close();
    deps.storage.close();
  });

  if (tracing) {
    tracing.reportFailuresTo(app.log);
    // Closing exports the spans still queued (bounded by the exporter's timeout).
    app.addHook('onClose', () => tracing.shutdown());
    // First, so that every other hook of a request runs inside its span.
    await app.register(httpTracingPlugin, { tracer: tracing.tracer });
  }
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  // Before any route: each route gets its request-duration hook as it is added.
  await app.register(metricsPlugin, { ...deps, poolStats: database.poolStats ?? null });
  await app.register(openapiPlugin);
  await app.register(authPlugin, { tokens: deps.tokens, staffTwoFactor: config.staffTwoFactor });
  await app.register(rateLimitPlugin, { config, metrics });
  await app.register(socketPlugin, deps);
  await registerModules(app, deps);
  await app.register(schedulerPlugin, deps);
  await app.register(ledgerCheckPlugin, deps);
  await app.register(spaPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
