import { mkdtempSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migratedSnapshot } from '../testing/test-app.ts';
import { tracingActive } from '../lib/tracing.ts';
import { createUser, type TestUser } from '../testing/test-kit.ts';
import { GENEROUS_LIMITS } from '../testing/generous-limits.ts';

// A number of this run only: one NIN verifies one account, and on the shared PostgreSQL database
// identity.dojah.test.ts verifies the documentation's 70123456789.
const NIN = String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A local HTTP server answering every request with `answer`, recording what it was sent. */
async function standIn(answer: (url: string) => { status: number; body: unknown }) {
  const seen: { url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const { status, body } = answer(req.url ?? '');
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function configFor(env: Record<string, string>) {
  const databaseUrl = inject('databaseUrl');
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-tracing-')),
      JWT_SECRET: 'tracing-test-secret-that-is-long-enough-0123',
      IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      DATABASE_POOL_MAX: '3',
      ...GENEROUS_LIMITS,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    { memoryDatabase: true },
  );
}

type LogLine = Record<string, unknown>;

/** The app with its production logger writing into `lines`; test routes answer the handler's trace, or fail. */
async function startApp(options: {
  env: Record<string, string>;
  database: Database;
  lines: LogLine[];
  exporter?: InMemorySpanExporter;
}) {
  const app = await buildApp({
    config: configFor(options.env),
    database: options.database,
    logStream: { write: (line) => void options.lines.push(JSON.parse(line) as LogLine) },
    ...(options.exporter ? { spanProcessor: new SimpleSpanProcessor(options.exporter) } : {}),
  });
  app.post('/api/test/active-trace', async () => ({ traceId: trace.getActiveSpan()?.spanContext().traceId }));
  app.get('/api/test/fail', async () => {
    throw new Error('a bug');
  });
  await app.ready();
  return app;
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

describe('tracing on (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  const lines: LogLine[] = [];
  let dojah: Awaited<ReturnType<typeof standIn>>;
  let dojahName = { first_name: '', last_name: '' };
  let database: Database;
  let app: App;
  let user: TestUser;

  beforeAll(async () => {
    dojah = await standIn(() => ({ status: 200, body: { entity: { ...dojahName, nin: NIN } } }));
    const env = {
      IDENTITY_PROVIDER: 'dojah',
      DOJAH_APP_ID: 'app-123',
      DOJAH_SECRET_KEY: 'test_sk_secret',
      DOJAH_BASE_URL: dojah.url,
      // Behind a trusted proxy an incoming X-Request-ID is kept (when it is a safe one).
      TRUST_PROXY: '1',
    };
    database = await openDatabase(configFor(env).database, { traced: true, startFrom: migratedSnapshot() });
    app = await startApp({ env, database, lines, exporter });
    user = await createUser(app, 'Ada');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await dojah?.close();
  });

  /** The finished spans of one trace, once its request span (the root here) has ended. */
  async function traceOf(traceId: string, rootName: string) {
    return vi.waitFor(() => {
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      const root = spans.find((s) => s.name === rootName);
      expect(root).toBeDefined();
      return { root: root!, spans };
    });
  }

  it('makes a request span with statement and provider children (an identity check through Dojah)', async () => {
    const [firstName, lastName] = user.name.split(' ') as [string, string];
    dojahName = { first_name: firstName, last_name: lastName };
    const res = await app.inject({
      method: 'POST',
      url: '/api/verification/nin',
      headers: user.headers,
      payload: { nin: NIN, firstName, lastName, dateOfBirth: '1990-04-12' },
    });
    expect(res.statusCode).toBe(200);
    const requestLine = lines.find(
      (l) => l.msg === 'request completed' && l.reqId === res.headers['x-request-id'],
    );
    const traceId = requestLine!.traceId as string;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const { root, spans } = await traceOf(traceId, 'POST /api/verification/nin');

    expect(root.kind).toBe(SpanKind.SERVER);
    expect(root.parentSpanContext).toBeUndefined();
    expect(root.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/verification/nin',
      'http.response.status_code': 200,
      'app.request.id': res.headers['x-request-id'],
    });

    // The body was read before the handler ran: its statements are still the request's children.
    const statements = spans.filter((s) => s.attributes['db.system'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(2);
    for (const statement of statements) {
      expect(parentOf(statement)).toBe(idOf(root));
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(statement.attributes['db.query.text']).toEqual(expect.any(String));
    }
    expect(statements.map((s) => s.attributes['db.query.text']).join('\n')).toMatch(/\$1/);

    const provider = spans.find((s) => s.name === 'dojah GET /api/v1/kyc/nin');
    expect(provider).toBeDefined();
    expect(parentOf(provider!)).toBe(idOf(root));
    expect(provider!.kind).toBe(SpanKind.CLIENT);
    expect(provider!.attributes).toMatchObject({ 'peer.service': 'dojah' });
    expect(dojah.seen.at(-1)!.url).toContain(NIN);

    // Nothing about the person: not the number, the names, the id, the e-mail, the key.
    const recorded = JSON.stringify(spans.map((s) => [s.name, s.attributes]));
    for (const secret of [NIN, lastName, user.id, user.email, 'test_sk_secret'])
      expect(recorded).not.toContain(secret);

    // Every line of the request names its trace: also 'identity check', which the identity module
    // writes through the app's logger rather than the request's.
    expect(lines.find((l) => l.msg === 'identity check')?.traceId).toBe(traceId);
  });

  it('gives each request a trace of its own', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/verification/status', headers: user.headers });
    const second = await app.inject({
      method: 'GET',
      url: '/api/verification/status',
      headers: user.headers,
    });
    const traceIds = [first, second].map(
      (res) =>
        lines.find((l) => l.msg === 'request completed' && l.reqId === res.headers['x-request-id'])?.traceId,
    );
    expect(traceIds[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIds[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIds[0]).not.toBe(traceIds[1]);
  });

  it('puts a ledger posting in a span of its own, named by its kind only', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: user.headers,
      payload: { amount: 987.65 },
    });
    expect(res.statusCode).toBe(200);
    const line = lines.find((l) => l.msg === 'request completed' && l.reqId === res.headers['x-request-id']);
    const { root, spans } = await traceOf(line!.traceId as string, 'POST /api/wallet/deposit');
    const posting = spans.find((s) => s.name === 'ledger DEPOSIT');
    expect(posting?.attributes).toEqual({ 'app.ledger.entry_kind': 'DEPOSIT' });
    expect(parentOf(posting!)).toBe(idOf(root));
    const [statement] = spans.filter((s) => parentOf(s) === idOf(posting!));
    expect(statement!.attributes['db.query.text']).toMatch(/^select ledger_post_entry\(\$1::jsonb/);
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toMatch(/98765|987\.65/);
  });

  it("continues a caller's trace (W3C traceparent), over real HTTP", async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // The body comes after a pause, so it is read from the socket's events, outside the request's async
    // context: the handler must still run inside the request's span.
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(`${address}/api/test/active-trace`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01` },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.flushHeaders();
      setTimeout(() => req.end('{"late":"body"}'), 100);
    });
    expect(JSON.parse(answer)).toEqual({ traceId: TRACE_ID });
    const { root } = await traceOf(TRACE_ID, 'POST /api/test/active-trace');
    expect(root.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
  });

  it('names route patterns, never ids, and marks 5xx answers as errors', async () => {
    const id = '0190c2a4-0000-7000-8000-000000000001';
    const res = await app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: user.headers });
    expect(res.statusCode).toBe(404);
    const line = lines.find((l) => l.msg === 'request completed' && l.reqId === res.headers['x-request-id']);
    const { root } = await traceOf(line!.traceId as string, 'GET /api/transactions/:id');
    expect(root.attributes['http.route']).toBe('/api/transactions/:id');
    expect(root.attributes['http.response.status_code']).toBe(404);
    expect(root.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(JSON.stringify([root.name, root.attributes])).not.toContain(id);

    const failed = await app.inject({ method: 'GET', url: '/api/test/fail' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({
      code: 'INTERNAL_ERROR',
      requestId: failed.headers['x-request-id'],
    });
    const failedLine = lines.find(
      (l) => l.msg === 'request completed' && l.reqId === failed.headers['x-request-id'],
    );
    const { root: failedRoot } = await traceOf(failedLine!.traceId as string, 'GET /api/test/fail');
    expect(failedRoot.status.code).toBe(SpanStatusCode.ERROR);
    expect(failedRoot.attributes['error.type']).toBe('500');
    // The 'request failed' line (the error handler's) is in the same trace.
    expect(lines.find((l) => l.msg === 'request failed')?.traceId).toBe(failedLine!.traceId);
  });

  it('keeps a safe X-Request-ID from the trusted proxy and replaces a hostile one', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a9c21e0' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21e0');
    for (const hostile of ['x'.repeat(129), 'abc def<script>', 'short', 'id;drop-table-users']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': hostile },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('request ids and tracing off (the default)', () => {
  const lines: LogLine[] = [];
  let database: Database;
  let app: App;

  beforeAll(async () => {
    database = await openDatabase(configFor({}).database, { startFrom: migratedSnapshot() });
    app = await startApp({ env: {}, database, lines });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('starts no SDK: no active span in a handler, no traceId in the logs', async () => {
    expect(tracingActive()).toBe(false);
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/active-trace',
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01` },
      payload: {},
    });
    expect(res.json()).toEqual({});
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toHaveProperty('traceId');
  });

  it('answers x-request-id on success and error, and the error envelope carries the same id', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toMatch(UUID);

    const failures = [
      await app.inject({ method: 'GET', url: '/api/no-such-route' }), // 404 from the not-found handler
      await app.inject({ method: 'GET', url: '/api/transactions/stats' }), // 401 from the auth hook
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      }), // 401, a route with error schemas
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } }), // 400
      await app.inject({ method: 'GET', url: `/api/transactions/${'%'}` }), // bad URL: Fastify's frameworkErrors
    ];
    for (const res of failures) {
      const body = res.json<{ success: boolean; code: string; requestId: string }>();
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(body.success).toBe(false);
      expect(res.headers['x-request-id'], res.body).toMatch(UUID);
      expect(body.requestId).toBe(res.headers['x-request-id']);
    }
    // Each request has its own id, and its log line says it.
    expect(new Set(failures.map((r) => r.headers['x-request-id'])).size).toBe(failures.length);
    const logged = lines.filter((l) => l.msg === 'request completed').map((l) => l.reqId);
    expect(logged).toContain(failures[0]!.headers['x-request-id']);
  });

  it('ignores an incoming X-Request-ID without a trusted proxy (a client could pose as another request)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a9c21e0' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('exports spans over OTLP/HTTP to the configured endpoint, on close at the latest', async () => {
    const collector = await standIn(() => ({ status: 200, body: {} }));
    try {
      const env = {
        OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/`,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=abc%20123',
        OTEL_SERVICE_NAME: 'amana-escrow-test',
      };
      const traced = await startApp({ env, database, lines: [] });
      const res = await traced.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      await traced.close();
      expect(tracingActive()).toBe(false);
      const exports = collector.seen.filter((r) => r.url === '/v1/traces');
      expect(exports.length).toBeGreaterThan(0);
      expect(exports[0]!.headers['content-type']).toBe('application/x-protobuf');
      expect(exports[0]!.headers['x-collector-key']).toBe('abc 123');
      // Protobuf keeps strings as UTF-8 bytes: the span and the service are there as written.
      const sent = Buffer.concat(exports.map((r) => r.body)).toString('latin1');
      expect(sent).toContain('GET /api/health');
      expect(sent).toContain('amana-escrow-test');
    } finally {
      await collector.close();
    }
  });

  it('logs a collector that does not answer, and still closes', async () => {
    const collector = await standIn(() => ({ status: 200, body: {} }));
    await collector.close(); // a port nothing listens on any more
    const logged: LogLine[] = [];
    const traced = await startApp({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
      database,
      lines: logged,
    });
    expect((await traced.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await traced.close();
    expect(tracingActive()).toBe(false);
    expect(logged.find((l) => String(l.msg).startsWith('traces (OTLP export) unavailable'))).toBeDefined();
  });

  it('reads the tracing settings from the environment, and refuses bad ones', () => {
    expect(configFor({}).OTEL_SERVICE_NAME).toBe('amana-escrow');
    expect(configFor({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(configFor({ OTEL_EXPORTER_OTLP_HEADERS: 'a=1,b=x%3Dy' }).OTEL_EXPORTER_OTLP_HEADERS).toEqual({
      a: '1',
      b: 'x=y',
    });
    expect(() => configFor({ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => configFor({ OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign' })).toThrow(
      /OTEL_EXPORTER_OTLP_HEADERS/,
    );
  });
});
