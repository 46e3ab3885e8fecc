/** Identity verification: NIN/BVN checks through a provider, documents and their staff review, trust score. */
import type { AppConfig } from '../../config/env.ts';
import { createIdentityCrypto, type IdentityCrypto } from './identity.crypto.ts';
import { createDojahProvider } from './identity.dojah.ts';
import { sandboxIdentityProvider, type IdentityProvider } from './identity.provider.ts';

export { identityRoutes } from './identity.routes.ts';
export type { IdentityDeps } from './identity.deps.ts';
export type { IdentityCrypto } from './identity.crypto.ts';
export type { IdentityProvider } from './identity.provider.ts';
export { forgetIdentityOf } from './identity.closed-account.ts';
export { identityForExport } from './identity.export.ts';
export { identityNameChecks } from './identity.name-change.ts';
export {
  removeRejectedDocuments,
  REJECTED_DOCUMENT_RETENTION_MS,
  type RejectedDocumentsDeps,
} from './identity.retention.ts';
export { recordIdentityDocumentView } from './identity.document-views.ts';
import { businessLicenseHoldersIn } from './identity.documents.ts';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { identityNumbers } from '../../db/schema/identity.ts';

/** For the vendor directory: which of `userIds` hold an approved CAC_CERTIFICATE (business license). */
export function businessLicenseHolders(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  return businessLicenseHoldersIn(db, userIds);
}

/** For the vendor checklist's background check: which of `userIds` verified a NIN or a BVN. */
export async function identityVerifiedUsers(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: identityNumbers.userId })
    .from(identityNumbers)
    .where(inArray(identityNumbers.userId, userIds));
  return new Set(rows.map((row) => row.userId));
}

/** The provider the configuration selects: the sandbox by default, Dojah with its keys. */
export function createIdentityProvider(config: AppConfig): IdentityProvider {
  if (config.identityProvider === 'dojah')
    return createDojahProvider({
      baseUrl: config.DOJAH_BASE_URL,
      appId: config.DOJAH_APP_ID!,
      secretKey: config.DOJAH_SECRET_KEY!,
      timeoutMs: config.DOJAH_TIMEOUT_MS,
    });
  return sandboxIdentityProvider;
}

export function createIdentityCryptoFrom(config: Pick<AppConfig, 'identityKey'>): IdentityCrypto {
  return createIdentityCrypto(config.identityKey);
}
