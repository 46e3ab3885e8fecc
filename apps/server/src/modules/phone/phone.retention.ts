import { inArray, lt } from 'drizzle-orm';
import { smsMessages, phoneVerifications } from '../../db/schema/phone.ts';
import type { PhoneDeps } from './phone.deps.ts';

/** How long text messages and verification codes are kept (docs/privacy.md, "Retention"). */
export const TEXT_MESSAGE_RETENTION_MS = 30 * 24 * 3600_000;
export const PHONE_CODE_RETENTION_MS = 24 * 3600_000;

/**
 * Housekeeping: text messages older than 30 days (a PENDING one is long given up by then: its retries
 * end within hours) and verification codes older than a day (the hour that counts the sends is long
 * past), at most 1,000 of each a call, claimed with SKIP LOCKED (two instances never take the same rows). Returns how many rows went.
 */
export async function removeOldTextMessages(deps: Pick<PhoneDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now().getTime();
  const oldMessages = deps.db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(lt(smsMessages.createdAt, new Date(now - TEXT_MESSAGE_RETENTION_MS)))
    .limit(1000)
    .for('update', { skipLocked: true });
  const messages = await deps.db
    .delete(smsMessages)
    .where(inArray(smsMessages.id, oldMessages))
    .returning({ id: smsMessages.id });
  const oldCodes = deps.db
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(lt(phoneVerifications.createdAt, new Date(now - PHONE_CODE_RETENTION_MS)))
    .limit(1000)
    .for('update', { skipLocked: true });
  const codes = await deps.db
    .delete(phoneVerifications)
    .where(inArray(phoneVerifications.id, oldCodes))
    .returning({ id: phoneVerifications.id });
  return messages.length + codes.length;
}
