import { and, desc, eq, type SQL } from 'drizzle-orm';
import { maskPhone, PHONE_TEXT, type SmsMessageStatus, type TextMessage } from '@escrow/shared/schemas/phone';
import type { DbOrTx } from '../../db/client.ts';
import { smsMessages, type SmsMessageRow } from '../../db/schema/phone.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { PhoneDeps } from './phone.deps.ts';
import { msg } from '@escrow/shared/i18n/msg';

const PAGE_SIZE = 50;
const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** What staff see of a text message: never its body, the number masked. */
export function toTextMessage(row: SmsMessageRow): TextMessage {
  return {
    id: row.id,
    userId: row.userId,
    channel: row.channel,
    toPhone: maskPhone(row.toPhone),
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    nextAttemptAt: iso(row.nextAttemptAt),
  };
}

/** GET /admin/text-messages: newest first, 50 a page, e.g. `?status=FAILED` for those whose attempts ran out. */
export async function listTextMessages(
  db: DbOrTx,
  { status, page }: { status?: SmsMessageStatus; page: number },
): Promise<{ messages: TextMessage[]; hasMore: boolean }> {
  const where: SQL[] = status ? [eq(smsMessages.status, status)] : [];
  const rows = await db
    .select()
    .from(smsMessages)
    .where(and(...where))
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  return { messages: rows.slice(0, PAGE_SIZE).map(toTextMessage), hasMore: rows.length > PAGE_SIZE };
}

/**
 * POST /admin/text-messages/{id}/retry: a FAILED message is PENDING again, due now, its attempts from
 * zero (the whole retry schedule again); the audit row commits with it. Anything but FAILED is a 409.
 */
export async function retryTextMessage(
  deps: Pick<PhoneDeps, 'db' | 'clock'>,
  id: string,
  staff: { id: string; requestId: string },
): Promise<TextMessage> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(smsMessages).where(eq(smsMessages.id, id)).for('update');
    if (!row) throw notFound(msg('Text message not found'));
    if (row.status !== 'FAILED') throw conflict(PHONE_TEXT.notFailed);
    const [updated] = await tx
      .update(smsMessages)
      .set({
        status: 'PENDING',
        attempts: 0,
        nextAttemptAt: now,
        lockedUntil: null,
        lockToken: null,
        updatedAt: now,
      })
      .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'FAILED')))
      .returning();
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'text_message.retry',
      targetType: 'text_message',
      targetId: id,
      summary: {
        before: { status: row.status, attempts: row.attempts, lastError: row.lastError },
        after: { status: 'PENDING', attempts: 0 },
      },
      requestId: staff.requestId,
      at: now,
    });
    return toTextMessage(updated!);
  });
}
