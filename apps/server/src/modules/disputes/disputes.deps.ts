import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { twoFactorRequired } from '../../lib/staff-two-factor.ts';
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

/**
 * Who is asking: a party or staff (SUPPORT, ADMIN), with the request id for the audit log.
 * `staffTwoFactorMet`: the staff second-factor rule holds for this request (lib/staff-two-factor.ts);
 * staff who are not a party of the dispute look, note and decide only then (unset counts as not met).
 */
export type DisputeActor = {
  id: string;
  role: 'USER' | 'SUPPORT' | 'ADMIN';
  requestId?: string | null;
  staffTwoFactorMet?: boolean;
};
export const isStaff = (actor: DisputeActor) => actor.role !== 'USER';

/** A staff look at a dispute (the viewer role STAFF) without the staff second factor is a 403. */
export function assertStaffLook(actor: DisputeActor, role: 'RAISER' | 'ACCUSED' | 'STAFF'): void {
  if (role === 'STAFF' && actor.staffTwoFactorMet !== true) throw twoFactorRequired();
}
