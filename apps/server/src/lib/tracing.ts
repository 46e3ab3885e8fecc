import {
  context,
  diag,
  DiagLogLevel,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/env.ts';
import { createOutageLog } from './dependency-log.ts';

/**
 * OpenTelemetry tracing (docs/operations.md, "Traces"). Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (or a test gives a span processor): then no SDK is loaded, and every helper here runs its work
 * directly after one null check, so call sites cost nothing measurable.
 *
 * Spans are made explicitly at the boundaries this app owns (requests, statements, Redis commands,
 * provider calls, ledger postings) rather than by auto-instrumentation, whose require hooks do not
 * reliably patch the ESM imports of tsx or the esbuild bundle. Attributes never carry secrets, personal
 * data, amounts or parameter values: only names, kinds, statuses and statement texts with placeholders.
 */

/** The tracer of the running app, or null while tracing is off. One per process, like OTel's globals. */
let activeTracer: Tracer | null = null;

export type Tracing = {
  tracer: Tracer;
  /** Export failures (collector away) go to this log, at most one line per interval. */
  reportFailuresTo: (log: Parameters<typeof createOutageLog>[0]) => void;
  /** Ends tracing: the spans still queued are exported (within the exporter's timeout). */
  shutdown: () => Promise<void>;
};

/** True while tracing runs in this process (composition-time choices: wrap a client or not). */
export const tracingActive = () => activeTracer !== null;

/** True when the configuration turns tracing on (server.ts also asks, to trace database statements). */
export const tracingConfigured = (config: Pick<AppConfig, 'OTEL_EXPORTER_OTLP_ENDPOINT'>) =>
  config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined;

// A span export may hold shutdown up; SIGTERM gives the whole drain 10 s (server.ts).
const EXPORT_TIMEOUT_MS = 3000;

/**
 * Starts tracing when configured (or with `spanProcessor`, which tests give: an in-memory exporter),
 * else answers null. Registers the SDK as OpenTelemetry's global provider, with AsyncLocalStorage
 * context and W3C trace-context propagation (`traceparent`). The SDK is imported only then.
 */
export async function startTracing(
  config: Pick<
    AppConfig,
    'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_HEADERS' | 'OTEL_SERVICE_NAME' | 'NODE_ENV'
  >,
  spanProcessor?: SpanProcessor,
): Promise<Tracing | null> {
  if (!spanProcessor && !tracingConfigured(config)) return null;
  if (activeTracer) throw new Error('tracing is already started in this process');
  const [sdk, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, resources] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
    ]);
  const processor = spanProcessor ?? new sdk.BatchSpanProcessor(await otlpExporter(config));
  const provider = new sdk.BasicTracerProvider({
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        'service.name': config.OTEL_SERVICE_NAME,
        'deployment.environment.name': config.NODE_ENV,
      }),
    ),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer('amana-escrow');
  activeTracer = tracer;
  return {
    tracer,
    reportFailuresTo(log) {
      const outage = createOutageLog(log, 'traces (OTLP export)', { impact: 'spans are dropped meanwhile' });
      // The SDK reports a failed export as a diagnostic error (its other levels stay quiet).
      const failure = (message: string) => outage.failure(new Error(message));
      const quiet = () => undefined;
      diag.setLogger(
        { error: failure, warn: quiet, info: quiet, debug: quiet, verbose: quiet },
        DiagLogLevel.ERROR,
      );
    },
    async shutdown() {
      if (activeTracer === tracer) activeTracer = null;
      try {
        // Spans that cannot be sent now are lost (and logged): never a reason for closing to fail.
        await provider
          .shutdown()
          .catch((error: unknown) => diag.error(`span export failed: ${String(error)}`));
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
        diag.disable();
      }
    },
  };
}

/** OTLP over HTTP (protobuf) to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`, as the OTLP spec has it. */
async function otlpExporter(
  config: Pick<AppConfig, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_HEADERS'>,
) {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter({
    url: `${config.OTEL_EXPORTER_OTLP_ENDPOINT!.replace(/\/+$/, '')}/v1/traces`,
    headers: config.OTEL_EXPORTER_OTLP_HEADERS ?? {},
    timeoutMillis: EXPORT_TIMEOUT_MS,
  });
}

/**
 * Runs `work` inside a span of its own (a child of the active one, or a new trace), ended when the
 * work settles; a failure marks it with its error type, never its message (it may name a person).
 * With tracing off: `work(undefined)`, nothing else.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  const tracer = activeTracer;
  if (tracer === null) return work(undefined);
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A call to an outside service: span `<provider> <operation>` (e.g. 'paystack transaction/verify'). */
export function withProviderSpan<T>(
  provider: string,
  operation: string,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (activeTracer === null) return work(undefined);
  const attributes = { 'peer.service': provider, 'app.provider.operation': operation };
  return withSpan(`${provider} ${operation}`, attributes, work, SpanKind.CLIENT);
}

/**
 * A span for a frequent low-level call (a statement, a Redis command), only inside a trace: outside one
 * (start-up, migrations, background reads) it would be a trace of one span, noise. The caller ends it
 * with `endSpan`.
 */
export function startChildSpan(name: string, attributes: Attributes): Span | null {
  const tracer = activeTracer;
  if (tracer === null) return null;
  const parent = context.active();
  if (trace.getSpan(parent) === undefined) return null;
  return tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
}

export function endSpan(span: Span, error?: unknown): void {
  if (error) markFailed(span, error);
  span.end();
}

export function markFailed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute('error.type', errorType(error));
}

/** A stable code (SQLSTATE, errno, the app's error codes) or the error's class name; never its text. */
function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[\w.-]{1,64}$/.test(code)) return code;
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name ? name : 'Error';
}

/** pino `mixin` while tracing is on: every line logged inside a trace names it. */
export function traceIdOfActiveSpan(): { traceId?: string } {
  const span = trace.getActiveSpan();
  return span ? { traceId: span.spanContext().traceId } : {};
}

/**
 * Gives each command of this Redis client a span (`redis PUBLISH`), inside a trace, when tracing is on;
 * otherwise leaves the client untouched. Only the command's name: keys hold addresses and e-mails.
 */
export function traceRedisCommands(client: Redis): void {
  if (!tracingActive()) return;
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command, stream) => {
    const operation = command.name.toUpperCase();
    const span = startChildSpan(`redis ${operation}`, {
      'db.system': 'redis',
      'db.system.name': 'redis',
      'db.operation.name': operation,
    });
    const answer = send(command, stream);
    if (span)
      command.promise.then(
        () => span.end(),
        (error: unknown) => endSpan(span, error),
      );
    return answer;
  }) as Redis['sendCommand'];
}
