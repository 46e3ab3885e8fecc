import type { FastifyPluginAsync } from 'fastify';
import type { PartnerDeps } from './partner.deps.ts';
import { createKeyVerifier } from './partner.key-auth.ts';
import { apiKeysRoutes } from './partner.keys.routes.ts';
import { partnerRoutes } from './partner.routes.ts';

/**
 * The partner API (docs/partner-api.md): API keys under /api/developer/keys
 * for the signed-in user, and the key-authenticated routes under /api/partner/v1. The module owns
 * the api_keys table; other code reaches it only through this file.
 */
export const partnerModule =
  (deps: PartnerDeps): FastifyPluginAsync =>
  async (app) => {
    // One verifier for both: a revocation drops the key from the cache the partner routes read.
    const verifier = createKeyVerifier(deps);
    await app.register(apiKeysRoutes(deps, verifier), { prefix: '/api/developer' });
    await app.register(partnerRoutes(deps, verifier), { prefix: '/api/partner/v1' });
  };
export type { PartnerDeps } from './partner.deps.ts';
export { revokeKeysOfClosedAccount } from './partner.closed-owner.ts';
