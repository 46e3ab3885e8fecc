import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { TokenService } from '../auth/index.ts';
import type { IdentityCrypto } from './identity.crypto.ts';
import type { IdentityProvider } from './identity.provider.ts';

/** What the identity module needs, handed in by the composition root. */
export type IdentityDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  realtime: Pick<Realtime, 'toUser'>;
  tokens: Pick<TokenService, 'invalidateUser'>;
  identityProvider: IdentityProvider;
  identityCrypto: IdentityCrypto;
};
