import { and, eq } from 'drizzle-orm';
import type { PhoneStatus } from '@escrow/shared/schemas/phone';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { phoneVerifications, smsMessages, verifiedPhones } from '../../db/schema/phone.ts';
import { turnOffTextChannels } from '../notifications/index.ts';
import type { PhoneDeps } from './phone.deps.ts';
import { phoneStatus } from './phone.verification.ts';

/** For the notification channels: SMS and WhatsApp may be chosen only with a verified phone. */
export async function hasVerifiedPhone(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: verifiedPhones.userId })
    .from(verifiedPhones)
    .where(eq(verifiedPhones.userId, userId));
  return Boolean(row);
}

/**
 * DELETE /auth/phone, in one database transaction: the verified phone goes, SMS and WhatsApp are turned
 * off in every category (notifications module), and the messages still waiting for it are dropped (the
 * owner withdrew the number; sent and failed ones stay for staff until their 30 days are up).
 */
export async function removePhone(
  deps: Pick<PhoneDeps, 'db' | 'clock' | 'log'>,
  userId: string,
): Promise<PhoneStatus> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(verifiedPhones).where(eq(verifiedPhones.userId, userId));
    await tx
      .delete(smsMessages)
      .where(and(eq(smsMessages.userId, userId), eq(smsMessages.status, 'PENDING')));
    await turnOffTextChannels(tx, userId, now);
  });
  deps.log.info({ userId }, 'phone removed');
  return phoneStatus(deps.db, userId, now);
}

/**
 * Closing the account (docs/privacy.md): the verified phone, the codes sent and the text messages go.
 * Answers the former number in its local form ('0803…', which also finds it written +234…), for the
 * closing to remove from text the account wrote while open.
 */
export async function forgetPhoneOf(tx: Tx, userId: string): Promise<string | null> {
  const [former] = await tx
    .delete(verifiedPhones)
    .where(eq(verifiedPhones.userId, userId))
    .returning({ phone: verifiedPhones.phone });
  await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  await tx.delete(smsMessages).where(eq(smsMessages.userId, userId));
  return former ? `0${former.phone.slice(4)}` : null;
}

/** "Download my data": the verified phone in full (it is the owner's own), and when it was verified. */
export async function phoneForExport(
  db: DbOrTx,
  userId: string,
): Promise<{ phone: string; verifiedAt: string } | null> {
  const [row] = await db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, userId));
  return row ? { phone: row.phone, verifiedAt: row.verifiedAt.toISOString() } : null;
}
