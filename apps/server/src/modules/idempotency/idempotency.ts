import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { z } from 'zod';
import { msg } from '@escrow/shared/i18n/msg';
import { idempotencyKeys, type IdempotencyKeyRow } from '../../db/schema/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import {
  CLAIM_LEASE_MS,
  CLAIM_RENEW_MS,
  inProgress,
  markClaimsInTransactions,
  outsideClaim,
  runWithClaim,
  type Claim,
} from './idempotency.claims.ts';

/**
 * `Idempotency-Key` for money-moving routes (docs/money.md "Idempotency"). With the header, the first answer
 * (status + body) is stored per (user, key) with a hash of method, URL and body:
 * - a replay gets the stored answer (header `Idempotent-Replayed: true`);
 * - while the first request still runs → 409 IDEMPOTENCY_IN_PROGRESS;
 * - the same key with a different request → 422 IDEMPOTENCY_MISMATCH.
 * Answers below 500 are kept (a refusal is an answer); after a 5xx the key is freed for a retry.
 * Keys live 24 hours. A request claims its key with a lease it renews while it runs, and its first
 * committed database transaction marks the key in that transaction (idempotency.claims.ts). So when
 * the database or the instance fails mid-request, a key whose request did not commit is free again once
 * its lease runs out (10 s) or the answer can be written, and one whose request committed never runs
 * twice: it replays the answer, or, if that answer was lost, says 409 IDEMPOTENCY_ALREADY_APPLIED.
 *
 * Usage (after authentication, which scopes keys per user):
 *   const idem = idempotency(deps);
 *   app.post('/x', { schema: { headers: idempotencyHeaders, ... },
 *     preHandler: [app.authenticate, idem.preHandler], onSend: idem.onSend }, handler)
 * A check that belongs between the key and the work goes in as `idem.precondition(check)` after
 * `idem.preHandler`.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;
/** How long an answer that could not be written is retried in the background. */
const FINISH_RETRY_FOR_MS = 120_000;

const alreadyApplied = () =>
  new AppError(
    'IDEMPOTENCY_ALREADY_APPLIED',
    msg(
      'This request was already carried out, but its answer was lost. Check the result before sending it again with a new Idempotency-Key.',
    ),
  );

/** Route header schema; loose so the other headers (authorization) stay on the request. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, msg('Idempotency-Key must not be empty'))
    .max(100, msg('Idempotency-Key must be at most 100 characters'))
    .regex(/^[\x21-\x7e]+$/, msg('Idempotency-Key must be printable ASCII without spaces'))
    .optional()
    .describe('Optional. Repeating a request with the same key returns the first answer.'),
});

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${stableJson(body ?? null)}`)
    .digest('hex');
}

type Claimed = { claim: Claim; renew: NodeJS.Timeout };
type Outcome =
  { kind: 'none' } | { kind: 'claimed'; claim: Claim } | { kind: 'replay'; row: IdempotencyKeyRow };

export function idempotency(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  markClaimsInTransactions(db, clock);
  const claimed = new WeakMap<FastifyRequest, Claimed>();
  const leaseFrom = (now: Date) => new Date(now.getTime() + CLAIM_LEASE_MS);
  const ownedBy = (claim: Claim) =>
    and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.owner, claim.owner));

  async function claimKey(request: FastifyRequest): Promise<Outcome> {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return { kind: 'none' };
    if (typeof header !== 'string' || header.length === 0 || header.length > 100)
      throw new AppError('VALIDATION_ERROR', msg('Idempotency-Key must be 1 to 100 characters'));
    const user = request.user;
    if (!user) throw new AppError('UNAUTHORIZED', msg('Authentication required'));
    const hash = requestHash(request.method, request.url, request.body);
    const now = clock.now();
    const owner = randomUUID();
    const thisKey = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, header));
    // An expired key may be reused: drop it before claiming.
    await db
      .delete(idempotencyKeys)
      .where(and(thisKey, lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS))));
    const [row] = await db
      .insert(idempotencyKeys)
      .values({ userId: user.id, key: header, requestHash: hash, owner, lockedUntil: leaseFrom(now) })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (row) return { kind: 'claimed', claim: { id: row.id, owner, committed: false } };
    const [existing] = await db.select().from(idempotencyKeys).where(thisKey);
    if (!existing) throw inProgress();
    if (existing.requestHash !== hash)
      throw new AppError(
        'IDEMPOTENCY_MISMATCH',
        msg('This Idempotency-Key was already used for a different request'),
      );
    if (existing.status === 'COMPLETED' && existing.responseStatus !== null && existing.responseBody !== null)
      return { kind: 'replay', row: existing };
    if (existing.lockedUntil.getTime() > now.getTime()) throw inProgress();
    if (existing.committedAt) throw alreadyApplied();
    // The first request's lease ran out without it committing (its instance or the database went away):
    // take the key over. The guard loses to a first request that commits meanwhile (it holds the row).
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ owner, lockedUntil: leaseFrom(now) })
      .where(
        and(
          eq(idempotencyKeys.id, existing.id),
          eq(idempotencyKeys.status, 'IN_PROGRESS'),
          isNull(idempotencyKeys.committedAt),
          lt(idempotencyKeys.lockedUntil, now),
        ),
      )
      .returning({ id: idempotencyKeys.id });
    if (!taken) throw inProgress();
    return { kind: 'claimed', claim: { id: taken.id, owner, committed: false } };
  }

  // Callback style, so the rest of the request (the handler and its database transactions) runs with the
  // claim attached (idempotency.claims.ts).
  function preHandler(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
    claimKey(request).then((outcome) => {
      if (outcome.kind === 'none') return done();
      if (outcome.kind === 'replay') {
        const { row } = outcome;
        void reply
          .code(row.responseStatus!)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(row.responseBody);
        return;
      }
      const { claim } = outcome;
      const renew = setInterval(() => {
        void db
          .update(idempotencyKeys)
          .set({ lockedUntil: leaseFrom(clock.now()) })
          .where(and(ownedBy(claim), eq(idempotencyKeys.status, 'IN_PROGRESS')))
          .catch(() => undefined);
      }, CLAIM_RENEW_MS).unref();
      claimed.set(request, { claim, renew });
      runWithClaim(claim, done);
    }, done);
  }

  /**
   * Records the answer (or frees the key after a 5xx) once the request is done. When the database does
   * not answer, it keeps trying in the background for a while (the answer is in memory), so a key whose
   * request committed replays its answer, and one whose request did not commit is free again, soon after
   * the database is back; if this instance dies first, the lease runs out instead.
   */
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const entry = claimed.get(request);
    if (!entry) return payload;
    claimed.delete(request);
    const { claim, renew } = entry;
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const status = reply.statusCode;
    const finish =
      status >= 500 || body === null
        ? () => release(claim)
        : () =>
            db
              .update(idempotencyKeys)
              .set({ status: 'COMPLETED', responseStatus: status, responseBody: body })
              .where(ownedBy(claim));
    clearInterval(renew);
    await keepTrying(finish, request);
    return payload;
  }

  /**
   * A preHandler placed after `preHandler`: a check that must pass before the work, and that a replay
   * skips (it answers before this runs), such as the second factor of a withdrawal. Its database writes
   * never mark the key committed, and a refusal frees the key instead of becoming its stored answer, as
   * with a refusal before the key is claimed (validation, sign-in): the same key with a right code then
   * runs the request.
   */
  function precondition(check: (request: FastifyRequest) => Promise<void>) {
    return async (request: FastifyRequest) => {
      try {
        await outsideClaim(() => check(request));
      } catch (error) {
        const entry = claimed.get(request);
        if (entry) {
          claimed.delete(request);
          clearInterval(entry.renew);
          // Not freed (the database away): the key's lease runs out in 10 s instead.
          await release(entry.claim).catch((failure: unknown) =>
            request.log.warn({ err: failure }, 'idempotency key not freed after a refused precondition'),
          );
        }
        throw error;
      }
    };
  }

  /** After a 5xx: free the key if nothing of the request committed, else end its lease at once. */
  async function release(claim: Claim) {
    if (!claim.committed) {
      await db.delete(idempotencyKeys).where(and(ownedBy(claim), isNull(idempotencyKeys.committedAt)));
      return;
    }
    await db.update(idempotencyKeys).set({ lockedUntil: clock.now() }).where(ownedBy(claim));
  }

  /** The first try is awaited (the answer waits for it); after that it retries in the background. */
  async function keepTrying(write: () => Promise<unknown>, request: FastifyRequest) {
    try {
      await write();
      return;
    } catch (error) {
      request.log.warn({ err: error }, 'idempotency key not updated; retrying in the background');
    }
    const giveUpAt = performance.now() + FINISH_RETRY_FOR_MS;
    const retry = (delay: number) =>
      setTimeout(() => {
        write().catch(() => {
          if (performance.now() < giveUpAt) retry(Math.min(delay * 2, 2_000));
        });
      }, delay).unref();
    retry(500);
  }

  return { preHandler, onSend, precondition };
}

/** Deletes keys past their lifetime; for a periodic job (the scheduler), returns how many went. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}
