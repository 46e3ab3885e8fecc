/**
 * An exact in-process cache of hot reads, for the embedded database only.
 *
 * PGlite is opened by this process alone (one process per data directory) and every statement reaches
 * it through the one client `trackWrites` wraps, so this process sees every write. Any call on that
 * client is counted as a write (the epoch moves and the whole cache is dropped, before the call and
 * again once it has settled, so after a commit) except a `query` whose text was declared a pure read
 * with `pureRead`. A read remembers the epoch it started in and is kept only if no write began or ended
 * while it ran; what is kept is served until the next write. So an answer served from the cache is
 * always the one the database would give now.
 *
 * What a cached read may depend on: the database and its key, nothing else. A statement that reads the
 * clock (now(), current_date) or calls a function that writes must not be declared pure; values that
 * depend on the time (the start of today) are parameters and part of the key.
 *
 * On PostgreSQL there is no cache (`readCacheOf` answers null): other instances write to it too.
 */
export type ReadCache = ReturnType<typeof createReadCache>;

/** Entries kept at most; past it the oldest go first (a read is answered by the database again). */
export const READ_CACHE_MAX_ENTRIES = 10_000;

export function createReadCache(maxEntries = READ_CACHE_MAX_ENTRIES) {
  const entries = new Map<string, unknown>();
  const pureStatements = new Set<string>();
  let epoch = 0;

  return {
    /** A write began or ended: nothing read before it may be served again. */
    bump(): void {
      epoch += 1;
      entries.clear();
    },

    /** Declares an exact statement text a pure read: running it does not count as a write. */
    pureRead(statement: string): void {
      pureStatements.add(statement);
    },

    isPureRead(statement: string): boolean {
      return pureStatements.has(statement);
    },

    /**
     * The cached value of `key`, or `load()`'s (kept, frozen, unless a write began or ended meanwhile).
     * The value is shared by every caller, hence frozen: a caller that tried to change it would throw.
     */
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (entries.has(key)) return entries.get(key) as T;
      const startedIn = epoch;
      const value = deepFreeze(await load());
      if (epoch === startedIn) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, value);
      }
      return value;
    },

    /** For tests: the write count so far and how many answers are held. */
    get stats() {
      return { epoch, size: entries.size };
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}

/**
 * The client drizzle is given on PGlite: the same client, every method call counted as a write by
 * `cache` except a `query` of a declared pure read, which `pureQuery` runs when given (db/client.ts
 * gives PGlite's named prepared statements, db/pglite-prepared.ts). Methods run on the real client
 * (PGlite keeps private fields, so `this` must be the client itself).
 */
export function trackWrites<Client extends object>(
  client: Client,
  cache: ReadCache,
  pureQuery?: (...args: never[]) => unknown,
): Client {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'query' && typeof args[0] === 'string' && cache.isPureRead(args[0]))
          return pureQuery ? pureQuery(...(args as never[])) : value.apply(target, args);
        cache.bump();
        let result: unknown;
        try {
          result = value.apply(target, args);
        } catch (error) {
          cache.bump();
          throw error;
        }
        if (result instanceof Promise) return result.finally(() => cache.bump());
        cache.bump();
        return result;
      };
    },
  });
}

const cacheByDb = new WeakMap<object, ReadCache>();

/** Attaches the read cache to the application's database handle (db/client.ts, PGlite only). */
export function attachReadCache(db: object, cache: ReadCache): void {
  cacheByDb.set(db, cache);
}

/** The read cache of this handle: the embedded database's root handle only (never a transaction). */
export function readCacheOf(db: object): ReadCache | null {
  return cacheByDb.get(db) ?? null;
}
