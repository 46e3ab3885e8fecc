import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_MAX_PER_USER,
  PARTNER_TEXT,
  type ApiKey,
  type CreateApiKeyBody,
} from '@escrow/shared/schemas/partner';
import { apiKeys, type ApiKeyRow } from '../../db/schema/api-keys.ts';
import { AppError } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { lockVerificationLevel } from '../auth/index.ts';
import type { PartnerDeps } from './partner.deps.ts';

export type KeyMode = ApiKeyRow['mode'];
type KeysDeps = Pick<PartnerDeps, 'db' | 'clock' | 'payments'>;

/** `amk_`, the deployment's payment mode, then 32 random bytes in base64url (256 bits). */
export const API_KEY_PATTERN = /^amk_(test|live)_[A-Za-z0-9_-]{43}$/;
const PREFIX_LENGTH = 14;

/** One deployment runs in one payment mode, so all its keys are test keys or all live keys. */
export const keyModeOf = (deps: Pick<PartnerDeps, 'payments'>): KeyMode =>
  deps.payments.testMode ? 'test' : 'live';

/** A key has enough entropy that a fast hash cannot be searched: SHA-256 hex, looked up by equality. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const newKey = (mode: KeyMode) => `amk_${mode}_${randomBytes(32).toString('base64url')}`;

/** Live keys move real money: the owner must be verified at ENHANCED or above. Test keys: anyone. */
export function mayHoldKey(mode: KeyMode, verificationLevel: string): boolean {
  return mode === 'test' || verificationLevel === 'ENHANCED' || verificationLevel === 'PREMIUM';
}

export const toApiKeyView = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  mode: row.mode,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
});

const ownActive = (ownerId: string) => and(eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt));

export async function createApiKey(deps: KeysDeps, ownerId: string, body: CreateApiKeyBody) {
  const mode = keyModeOf(deps);
  const now = deps.clock.now();
  const key = newKey(mode);
  const row = await deps.db.transaction(async (tx) => {
    // The owner's row is locked so that two creates at once cannot pass the count together.
    const owner = await lockVerificationLevel(tx, ownerId);
    if (!owner) throw new AppError('UNAUTHORIZED', msg('Authentication required'));
    if (!mayHoldKey(mode, owner.level)) throw new AppError('FORBIDDEN', PARTNER_TEXT.liveNeedsEnhanced);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(ownActive(ownerId));
    if ((count?.n ?? 0) >= API_KEY_MAX_PER_USER) throw new AppError('CONFLICT', PARTNER_TEXT.tooManyKeys);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        ownerId,
        name: body.name,
        prefix: key.slice(0, PREFIX_LENGTH),
        keyHash: hashKey(key),
        mode,
        scopes: body.scopes,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return { apiKey: toApiKeyView(row), key };
}

export async function listApiKeys(deps: KeysDeps, ownerId: string) {
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(ownActive(ownerId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyView);
}

/** Revokes one of the owner's keys (another's or an unknown id: 404). Returns its hash for the cache. */
export async function revokeApiKey(deps: KeysDeps, ownerId: string, id: string): Promise<string> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(apiKeys)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(apiKeys.id, id), ownActive(ownerId)))
    .returning({ keyHash: apiKeys.keyHash });
  if (!row) throw new AppError('NOT_FOUND', PARTNER_TEXT.keyNotFound);
  return row.keyHash;
}
