import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

/**
 * Drizzle's PGlite session passes its own parsers with every query (dates, times and intervals, and
 * their arrays, left as text), and PGlite merges them into the client's 318 parsers on every call
 * (`{...client.parsers, ...parsers}`): about 80 µs of CPU per statement, more than a primary-key read.
 * So `withoutDrizzleParsers` makes those same text parsers the client's own and drops drizzle's copy
 * from each call: the rows are the same, without the merge.
 */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;
const TEXT_PARSERS = Object.fromEntries(TEXT_TYPES.map((type) => [type, asText]));

/** Parsers objects checked to leave only TEXT_TYPES as text (drizzle keeps one per query). */
const redundant = new WeakMap<object, boolean>();
function isRedundant(parsers: object): boolean {
  let known = redundant.get(parsers);
  if (known === undefined) {
    const entries = Object.entries(parsers as Record<string, (value: string) => unknown>);
    known = entries.every(([type, parse]) => TEXT_TYPES.includes(Number(type)) && parse('x') === 'x');
    redundant.set(parsers, known);
  }
  return known;
}

function slimOptions(options: unknown): unknown {
  const parsers = (options as QueryOptions | undefined)?.parsers;
  if (!parsers || !isRedundant(parsers)) return options;
  return { ...(options as QueryOptions), parsers: undefined };
}

type Queryable = { query: (...args: never[]) => unknown };

function slimQueries<T extends object>(target: T, wrapTransactions: boolean): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      if (property === 'query')
        return (...args: unknown[]) =>
          value.apply(object, args.length > 2 ? [args[0], args[1], slimOptions(args[2])] : args);
      if (property === 'transaction' && wrapTransactions)
        return (callback: (tx: Queryable) => unknown) =>
          value.call(object, (tx: Queryable) => callback(slimQueries(tx, false)));
      // PGlite keeps private fields: its methods must run on the client itself.
      return value.bind(object);
    },
  });
}

/**
 * The client (and the transactions it opens) with drizzle's text parsers as its own and dropped from
 * `query` calls. Set once the client is ready: starting, PGlite sets a parser for every array type
 * (numeric[] and the others above included), over any given to its constructor.
 */
export async function withoutDrizzleParsers(client: PGlite): Promise<PGlite> {
  await client.waitReady;
  Object.assign(client.parsers, TEXT_PARSERS);
  return slimQueries(client, true);
}
