import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';

/**
 * A keyed request's claim on its key: the row, a random owner, and whether a database transaction of
 * the request has committed. The claim travels with the request's async work (AsyncLocalStorage), so
 * the services need not know about keys.
 */
export type Claim = { id: string; owner: string; committed: boolean };

/** How long a claim holds its key without being renewed; the owner renews it while the request runs. */
export const CLAIM_LEASE_MS = 10_000;
export const CLAIM_RENEW_MS = 3_000;

const scope = new AsyncLocalStorage<Claim>();

/** Runs `next` (the rest of the request) with the claim attached. */
export function runWithClaim(claim: Claim, next: () => void): void {
  scope.run(claim, next);
}

/**
 * Runs `work` detached from the request's claim: its database transactions do not mark the key
 * committed (a check made before the request's own work, such as a second factor).
 */
export function outsideClaim<T>(work: () => T): T {
  return scope.exit(work);
}

export const inProgress = () =>
  new AppError(
    'IDEMPOTENCY_IN_PROGRESS',
    msg('A request with this Idempotency-Key is still being processed'),
  );

const marked = new WeakSet<object>();

/**
 * Makes the first database transaction that a keyed request commits also mark its key committed, in
 * that same transaction, and only while the request still owns the key. So after any failure (the
 * database gone mid-request, the instance killed) the key tells the truth: not committed → a retry may
 * run the request again (nothing of it happened); committed → it never runs twice. A retry that took
 * the key over makes the first owner's transaction fail (409) instead of committing a second time.
 */
export function markClaimsInTransactions(db: Db, clock: Clock): void {
  if (marked.has(db)) return;
  marked.add(db);
  const transaction = db.transaction.bind(db);
  const wrapped: typeof transaction = (work, config) => {
    const claim = scope.getStore();
    if (!claim || claim.committed) return transaction(work, config);
    return transaction(async (tx) => {
      const [mine] = await tx
        .update(idempotencyKeys)
        .set({ committedAt: clock.now() })
        .where(and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.owner, claim.owner)))
        .returning({ id: idempotencyKeys.id });
      if (!mine) throw inProgress();
      return work(tx);
    }, config).then((result) => {
      claim.committed = true;
      return result;
    });
  };
  db.transaction = wrapped;
}
