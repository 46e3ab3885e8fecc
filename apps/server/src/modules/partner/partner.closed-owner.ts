import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';

/**
 * Revokes every live API key of an account being closed, inside the closing transaction. A key is a
 * credential like a session: an instance that cached it refuses it within the key cache's 2 s
 * (KEY_CACHE_TTL_MS), inside the 5 s a revocation promises.
 */
export async function revokeKeysOfClosedAccount(tx: Tx, ownerId: string, now: Date): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)));
}
