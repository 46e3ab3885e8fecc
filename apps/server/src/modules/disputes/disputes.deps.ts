import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Realtime } from '../../lib/realtime.ts';
import type { PaymentProvider } from '../payments/index.ts';

/** What the disputes module needs, passed in by the composition root. */
export type DisputesDeps = {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  log: FastifyBaseLogger;
  mailer: Mailer;
  config: AppConfig;
  /** Refunds of card and bank-transfer payments go back through the provider. */
  payments: PaymentProvider;
};

/** Who is asking: a party or staff (SUPPORT, ADMIN), with the request id for the audit log. */
export type DisputeActor = { id: string; role: 'USER' | 'SUPPORT' | 'ADMIN'; requestId?: string | null };
export const isStaff = (actor: DisputeActor) => actor.role !== 'USER';
