import { context } from '@opentelemetry/api';
import type pg from 'pg';
import { endSpan, startChildSpan } from '../lib/tracing.ts';

/**
 * Spans for database statements (docs/operations.md, "Traces"), installed by db/client.ts only when
 * tracing is configured: untraced, the query path is exactly what it was.
 *
 * A span carries the statement's text as the driver receives it, with `$1` placeholders: the values
 * travel separately and are never recorded. Very long texts (bulk inserts) are cut.
 */
const MAX_TEXT = 2000;
const OPERATION = /^\s*([a-z]+)/i;
const TARGET = /\b(?:from|into|update)\s+"?([a-z_][a-z0-9_]*)"?/i;

function statementSpan(text: string) {
  const operation = OPERATION.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  const target = TARGET.exec(text)?.[1];
  return startChildSpan(target ? `${operation} ${target}` : operation, {
    'db.system': 'postgresql',
    'db.system.name': 'postgresql',
    'db.operation.name': operation,
    ...(target ? { 'db.collection.name': target } : {}),
    'db.query.text': text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text,
  });
}

type Settle = (error?: unknown) => void;

/** Runs one driver call inside a span when one is due; `run` gets a callback settling the span. */
function traced<T>(text: unknown, run: (settle: Settle | null) => T): T {
  const span = typeof text === 'string' ? statementSpan(text) : null;
  if (!span) return run(null);
  const settle: Settle = (error) => endSpan(span, error);
  let result: T;
  try {
    result = run(settle);
  } catch (error) {
    settle(error);
    throw error;
  }
  return result;
}

function settledPromise<T>(result: T, settle: Settle | null): T {
  if (!settle) return result;
  if (result instanceof Promise)
    return result.then(
      (value: unknown) => {
        settle();
        return value;
      },
      (error: unknown) => {
        settle(error);
        throw error;
      },
    ) as T;
  settle();
  return result;
}

/**
 * node-postgres: wraps one pooled connection's `query` (db/client.ts calls this for every connection
 * the pool opens, so `pool.query` and transactions alike are covered). pg-pool calls it with a
 * callback; drizzle without one (a promise).
 */
export function traceClientQueries(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    return traced(text, (settle) => {
      const last = args.length - 1;
      const callback = args[last];
      if (settle && typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          settle(error ?? undefined);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        };
        return query(...args);
      }
      return settledPromise(query(...args), settle);
    });
  }) as typeof client.query;
}

/**
 * node-postgres: `pool.query` waits for a connection through a callback, which pg-pool calls from
 * whichever request released one (that request's async context): bound here to the caller's, its
 * statement is its own request's child.
 */
export function tracePoolCallbacks(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: never[]) => void) => unknown;
  pool.connect = ((callback?: (...args: never[]) => void) =>
    callback ? connect(context.bind(context.active(), callback)) : connect()) as typeof pool.connect;
}

type Queryable = { query: (...args: never[]) => unknown };

/**
 * PGlite: the client drizzle is given, with `query` (its own and its transactions') in spans. Every
 * statement drizzle sends on PGlite goes through `query`.
 */
export function traceQueries<Client extends object>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query')
        return (text: unknown, ...rest: unknown[]) =>
          traced(text, (settle) => settledPromise(value.call(target, text, ...rest), settle));
      if (property === 'transaction')
        return (callback: (tx: Queryable) => unknown) =>
          value.call(target, (tx: Queryable) => callback(traceQueries(tx)));
      return value.bind(target);
    },
  });
}
