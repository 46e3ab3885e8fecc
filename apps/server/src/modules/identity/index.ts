/** Identity verification: NIN/BVN checks through a provider, documents and their staff review, trust score. */
import type { AppConfig } from '../../config/env.ts';
import { createIdentityCrypto, type IdentityCrypto } from './identity.crypto.ts';
import { createDojahProvider } from './identity.dojah.ts';
import { sandboxIdentityProvider, type IdentityProvider } from './identity.provider.ts';

export { identityRoutes } from './identity.routes.ts';
export type { IdentityDeps } from './identity.deps.ts';
export type { IdentityCrypto } from './identity.crypto.ts';
export type { IdentityProvider } from './identity.provider.ts';
export { refreshTrustScore } from './identity.trust.ts';
import { businessLicenseHoldersIn } from './identity.documents.ts';
import type { DbOrTx } from '../../db/client.ts';

/** For the vendor directory: which of `userIds` hold an approved CAC_CERTIFICATE (business license). */
export function businessLicenseHolders(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  return businessLicenseHoldersIn(db, userIds);
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
