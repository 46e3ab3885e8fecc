import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { identityDocuments, identityNumbers, verificationHistory } from '../../db/schema/identity.ts';

/**
 * A closed account's identity records (docs/privacy.md), inside the closing transaction: its NIN and BVN
 * (encrypted, kept only while the account lives), its documents (before the uploads module deletes
 * their files' rows, which these point at) and its verification history. The verification level on
 * the account stays, as the level its past trades ran at.
 */
export async function forgetIdentityOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(identityDocuments).where(eq(identityDocuments.userId, userId));
  await tx.delete(identityNumbers).where(eq(identityNumbers.userId, userId));
  await tx.delete(verificationHistory).where(eq(verificationHistory.userId, userId));
}
