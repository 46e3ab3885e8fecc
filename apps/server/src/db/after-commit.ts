import type { Db, DbOrTx } from './client.ts';

/**
 * Work that must only happen once a change has committed (counting money events for the metrics: a
 * rolled-back transaction must not count). The code that makes the change runs inside its caller's
 * transaction and cannot see the commit, so the transaction carries the work: a handle given to
 * `trackCommits` opens transactions that remember what `afterCommit` queued on them and run it once
 * COMMIT has returned; a rollback drops it. On the tracked handle itself (a statement that commits on
 * its own) the work runs at once, since the statement has already committed when its caller goes on.
 */
type OnError = (error: unknown) => void;
type Scope = { root: Db; work: (() => void)[] };

const scopes = new WeakMap<object, Scope>();
/** Each tracked root handle and who hears the work that threw. */
const tracked = new WeakMap<object, OnError>();

/**
 * Wraps `db.transaction` (once per handle, like idempotency's claim marking). `onError` hears a queued
 * piece of work that threw: the change is committed, so its caller must not see a failure.
 */
export function trackCommits(db: Db, onError: OnError): void {
  if (tracked.has(db)) return;
  tracked.set(db, onError);
  const transaction = db.transaction.bind(db);
  const wrapped: typeof transaction = async (run, config) => {
    const scope: Scope = { root: db, work: [] };
    const result = await transaction((tx) => {
      scopes.set(tx, scope);
      return run(tx);
    }, config);
    for (const work of scope.work) runSafely(work, onError);
    return result;
  };
  db.transaction = wrapped;
}

function runSafely(work: () => void, onError: OnError) {
  try {
    work();
  } catch (error) {
    onError(error);
  }
}

/**
 * The tracked root handle `db` writes through: the root itself, or the one that opened the transaction
 * `db` is. Null for a handle nobody tracks (a savepoint's nested handle, or a root never tracked). Lets a
 * function that is handed only a transaction find what the composition root registered for its database.
 */
export function trackedRootOf(db: DbOrTx): Db | null {
  const scope = scopes.get(db);
  if (scope) return scope.root;
  return tracked.has(db) ? (db as Db) : null;
}

/**
 * Runs `work` (given the tracked root handle) once what `db` wrote has committed. A transaction not
 * opened through a tracked handle (a savepoint's nested handle, or a handle nobody tracks) is never seen
 * to commit, so nothing is run for it: an observer misses the event rather than count one that rolls back.
 */
export function afterCommit(db: DbOrTx, work: (root: Db) => void): void {
  const scope = scopes.get(db);
  if (scope) {
    scope.work.push(() => work(scope.root));
    return;
  }
  const onError = tracked.get(db);
  if (onError) runSafely(() => work(db as Db), onError);
}
