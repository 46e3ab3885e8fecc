import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PARTNER_TEXT, type ApiKeyScope } from '@escrow/shared/schemas/partner';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { userDirectory } from '../../db/schema/published.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { PartnerDeps } from './partner.deps.ts';
import { API_KEY_PATTERN, hashKey, keyModeOf, mayHoldKey } from './partner.keys.ts';

/**
 * How long a key read from the database is trusted without reading it again. A revocation reaches
 * this instance at once (the cache entry is dropped) and every other instance within this bound,
 * which must stay under the 5 s promised for revocations (docs/partner-api.md).
 */
export const KEY_CACHE_TTL_MS = 2_000;
const KEY_CACHE_MAX = 10_000;

export type VerifiedKey = { id: string; scopes: ApiKeyScope[]; owner: AuthUser };
type Entry = { key: VerifiedKey; readAtMs: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner API key of a /api/partner/v1 request (set by the key hook). */
    apiKey: VerifiedKey | null;
  }
  interface FastifyContextConfig {
    /** The scope a partner route needs (checked with the key, before the body is read). */
    partnerScope?: ApiKeyScope;
  }
}

export const invalidKey = () => unauthorized(PARTNER_TEXT.invalidKey);

/**
 * Verifies `Authorization: Bearer amk_…` keys, with a short per-instance cache (no query per request
 * while a key is in use; the key's last use is written once per cache period at most).
 */
export function createKeyVerifier(deps: Pick<PartnerDeps, 'db' | 'clock' | 'payments'>) {
  const cache = new Map<string, Entry>();
  // Bumped by every revocation: a read that started before one is not cached (it may predate it).
  let generation = 0;
  const nowMs = () => deps.clock.now().getTime();

  async function load(hash: string): Promise<VerifiedKey | null> {
    const [row] = await deps.db
      .select({
        id: apiKeys.id,
        mode: apiKeys.mode,
        scopes: apiKeys.scopes,
        owner: {
          id: userDirectory.id,
          email: userDirectory.email,
          firstName: userDirectory.firstName,
          lastName: userDirectory.lastName,
          role: userDirectory.role,
          verificationLevel: userDirectory.verificationLevel,
          trustScore: userDirectory.trustScore,
        },
      })
      .from(apiKeys)
      .innerJoin(userDirectory, eq(userDirectory.id, apiKeys.ownerId))
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt), isNull(userDirectory.suspendedAt)))
      .limit(1);
    // A key of a suspended owner, of the other payment mode, or a live key whose owner lost the level,
    // opens nothing.
    if (!row || row.mode !== keyModeOf(deps) || !mayHoldKey(row.mode, row.owner.verificationLevel))
      return null;
    await deps.db.update(apiKeys).set({ lastUsedAt: deps.clock.now() }).where(eq(apiKeys.id, row.id));
    // A key never stands for a second factor (docs/security.md "Two-factor sign-in"); a partner's program
    // chooses its answers' language with Accept-Language.
    return {
      id: row.id,
      scopes: row.scopes,
      owner: { ...row.owner, language: null, sessionId: `api-key:${row.id}`, twoFactorVerified: false },
    };
  }

  return {
    async verify(token: string): Promise<VerifiedKey | null> {
      if (!API_KEY_PATTERN.test(token)) return null;
      const hash = hashKey(token);
      const cached = cache.get(hash);
      const age = cached ? nowMs() - cached.readAtMs : -1;
      if (cached && age >= 0 && age < KEY_CACHE_TTL_MS) return cached.key;
      cache.delete(hash);
      const readAtMs = nowMs();
      const startedAt = generation;
      const key = await load(hash);
      if (key && startedAt === generation) {
        if (cache.size >= KEY_CACHE_MAX) cache.delete(cache.keys().next().value!);
        cache.set(hash, { key, readAtMs });
      }
      return key;
    },
    /** A revoked key stops working on this instance at once (others: within KEY_CACHE_TTL_MS). */
    forget(hash: string): void {
      generation += 1;
      cache.delete(hash);
    },
  };
}
export type KeyVerifier = ReturnType<typeof createKeyVerifier>;

const BEARER = /^Bearer (\S{1,2048})$/;

/** onRequest of /api/partner/v1: a valid key (else 401) with the route's scope (else 403). */
export const keyHook = (verifier: KeyVerifier) => async (request: FastifyRequest) => {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const key = token ? await verifier.verify(token) : null;
  if (!key) throw invalidKey();
  request.apiKey = key;
  // The owner acts through the key: the services, idempotency and uploads read request.user.
  request.user = key.owner;
  const scope = request.routeOptions.config.partnerScope;
  if (scope && !key.scopes.includes(scope))
    throw new AppError('FORBIDDEN', PARTNER_TEXT.missingScopeMessage, undefined, undefined, { scope });
};
