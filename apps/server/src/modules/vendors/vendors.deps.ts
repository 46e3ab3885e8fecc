import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Realtime } from '../../lib/realtime.ts';

/** Of the given users, those an identity check proves something about (a set, never another's data). */
export type UserSetQuery = (userIds: string[]) => Promise<Set<string>>;

/** What the vendors module needs, passed in by the composition root. */
export type VendorsDeps = {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** Holders of an approved CAC_CERTIFICATE document (the checklist's business license). */
  businessLicenseHolders: UserSetQuery;
  /** Users whose NIN or BVN is verified (the checklist's background check). */
  identityVerifiedUsers: UserSetQuery;
};
