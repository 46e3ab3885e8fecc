import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { z } from 'zod';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * `Idempotency-Key` for money-moving routes (DESIGN.md "Money"). With the header, the first answer
 * (status + body) is stored per (user, key) with a hash of method, URL and body:
 * - a replay gets the stored answer (header `Idempotent-Replayed: true`);
 * - while the first request still runs → 409 IDEMPOTENCY_IN_PROGRESS;
 * - the same key with a different request → 422 IDEMPOTENCY_MISMATCH.
 * Answers below 500 are kept (a refusal is an answer); after a 5xx the key is freed for a retry.
 * Keys live 24 hours. A request that crashes the process mid-way leaves its key in progress until
 * then; the money itself stays safe because every ledger write has its own idempotency key.
 *
 * Usage (after authentication, which scopes keys per user):
 *   const idem = idempotency(deps);
 *   app.post('/x', { schema: { headers: idempotencyHeaders, ... },
 *     preHandler: [app.authenticate, idem.preHandler], onSend: idem.onSend }, handler)
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;

/** Route header schema; loose so the other headers (authorization) stay on the request. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, 'Idempotency-Key must not be empty')
    .max(100, 'Idempotency-Key must be at most 100 characters')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces')
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

export function idempotency(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const claimed = new WeakMap<FastifyRequest, string>();

  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || header.length === 0 || header.length > 100)
      throw new AppError('VALIDATION_ERROR', 'Idempotency-Key must be 1 to 100 characters');
    const user = request.user;
    if (!user) throw new AppError('UNAUTHORIZED', 'Authentication required');
    const hash = requestHash(request.method, request.url, request.body);
    // An expired key may be reused: drop it before claiming.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, user.id),
          eq(idempotencyKeys.key, header),
          lt(idempotencyKeys.createdAt, new Date(deps.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS)),
        ),
      );
    const [row] = await db
      .insert(idempotencyKeys)
      .values({ userId: user.id, key: header, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (row) {
      claimed.set(request, row.id);
      return;
    }
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, header)));
    if (!existing)
      throw new AppError(
        'IDEMPOTENCY_IN_PROGRESS',
        'A request with this Idempotency-Key is still being processed',
      );
    if (existing.requestHash !== hash)
      throw new AppError(
        'IDEMPOTENCY_MISMATCH',
        'This Idempotency-Key was already used for a different request',
      );
    if (existing.status !== 'COMPLETED' || existing.responseStatus === null || existing.responseBody === null)
      throw new AppError(
        'IDEMPOTENCY_IN_PROGRESS',
        'A request with this Idempotency-Key is still being processed',
      );
    return reply
      .code(existing.responseStatus)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(existing.responseBody);
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const id = claimed.get(request);
    if (!id) return payload;
    claimed.delete(request);
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (reply.statusCode >= 500 || body === null) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
      return payload;
    }
    await db
      .update(idempotencyKeys)
      .set({ status: 'COMPLETED', responseStatus: reply.statusCode, responseBody: body })
      .where(eq(idempotencyKeys.id, id));
    return payload;
  }

  return { preHandler, onSend };
}

/** Deletes keys past their lifetime; for a periodic job (the scheduler), returns how many went. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}
