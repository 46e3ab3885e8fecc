import {
  parse,
  protocol,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite's hot reads.
 *
 * PGlite's `query` sends every statement as an unnamed one: Parse, Describe, Bind, Describe, Execute and
 * Sync, six calls into the WASM engine, and PostgreSQL parses and plans the text again each time. A read
 * whose text never changes (drizzle's prepared statements) is parsed here once per client under a name,
 * its parameter types and row description kept; after that each run is one call (Bind, Execute, Sync)
 * and PostgreSQL may keep a generic plan. Rows are built by PGlite's own `parseResults` from the kept
 * row description, with the same parsers and options as `query`, so callers get the same answer.
 *
 * It takes the same two locks as `query` (no statement of an open transaction runs in between), so it
 * reads exactly what `query` would. Only for statements run outside transactions (db/client.ts routes
 * the declared pure reads here).
 */
type Prepared = {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (or NoData), put before each run's messages for parseResults. */
  description: messages.BackendMessage[];
};

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const SYNC = protocol.serialize.sync();
const EXECUTE = protocol.serialize.execute({});

export function createPreparedReads(client: PGlite) {
  const statements = new Map<string, Prepared>();
  // parseResults merges the caller's parsers into the client's ({...client.parsers, ...parsers}: one
  // entry per type) on every call; with drizzle's parsers that copy was over half of a read's CPU. Here
  // it is merged once per parsers object (drizzle keeps one per query) and passed as the client's.
  const mergedParsers = new WeakMap<object, typeof client.parsers>();
  function parsersOf(options: QueryOptions | undefined): typeof client.parsers {
    if (!options?.parsers) return client.parsers;
    let parsers = mergedParsers.get(options.parsers);
    if (!parsers) mergedParsers.set(options.parsers, (parsers = { ...client.parsers, ...options.parsers }));
    return parsers;
  }

  async function prepare(text: string): Promise<Prepared> {
    const name = `read_${statements.size + 1}`;
    const { messages: answer } = await client.execProtocol(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        SYNC,
      ]),
      { syncToFs: false },
    );
    const prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(answer),
      description: answer.filter((m) => m.name === 'rowDescription' || m.name === 'noData'),
    };
    statements.set(text, prepared);
    return prepared;
  }

  function serialize(params: unknown[], types: number[], options?: QueryOptions) {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
  }

  return {
    /** `client.query` for a statement whose text does not change: parsed once, then one call per run. */
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const prepared = statements.get(text) ?? (await prepare(text));
          const bind = protocol.serialize.bind({
            statement: prepared.name,
            values: serialize(params, prepared.paramTypes, options),
          });
          const { messages: answer } = await client.execProtocol(concat([bind, EXECUTE, SYNC]));
          return parse.parseResults([...prepared.description, ...answer], parsersOf(options), {
            ...options,
            parsers: undefined,
          })[0] as Results<T>;
        }),
      );
    },
  };
}
