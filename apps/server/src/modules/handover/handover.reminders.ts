import { toMajor } from '@escrow/shared/domain/money';
import { nextActionFor, viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import {
  HANDOVER_REMINDER_DAYS,
  HANDOVER_TEXT,
  type HandoverReminderDays,
} from '@escrow/shared/schemas/handover';
import type { Tx } from '../../db/client.ts';
import { createNotification, type NotificationView } from '../notifications/index.ts';
import { tradeWaitingForHandover, type TransactionRow } from '../transactions/index.ts';
import { claimReminder, ensureCode, markReminderSent, nextReminderDue } from './handover.repository.ts';
import { announce, type HandoverDeps } from './handover.service.ts';
import { quotedItem } from './handover.texts.ts';

const DAY = 86_400_000;

/** One party's reminder, with the metadata other transaction notices carry for their recipient. */
function reminderFor(row: TransactionRow, userId: string | null, days: HandoverReminderDays) {
  if (!userId) return null;
  const role = viewerRoleOf(row, userId);
  if (!role) return null;
  const next = nextActionFor(row, role);
  const item = quotedItem(row.description);
  return {
    userId,
    transactionId: row.id,
    type: 'TRANSACTION_UPDATE' as const,
    priority: 'MEDIUM' as const,
    title: role === 'BUYER' ? HANDOVER_TEXT.reminderBuyerTitle : HANDOVER_TEXT.reminderSellerTitle,
    message: role === 'BUYER' ? HANDOVER_TEXT.reminderBuyerMessage : HANDOVER_TEXT.reminderSellerMessage,
    params: { item, days },
    metadata: {
      transactionStatus: row.status,
      amount: toMajor(row.total),
      currency: row.currency,
      actionRequired: next.kind === 'action',
      nextAction: next.label,
      reminderDays: days,
    },
  };
}

/** One trade's reminder in one database transaction; null when none is due, a skip when it lost. */
async function remindOne(
  tx: Tx,
  days: HandoverReminderDays,
  now: Date,
  skipIds: string[],
  claimed: { id?: string },
): Promise<NotificationView[] | { skipped: string } | null> {
  const id = await nextReminderDue(tx, days, new Date(now.getTime() - days * DAY), skipIds);
  if (!id) return null;
  claimed.id = id;
  // The reminder columns are on the code row: a trade whose buyer never opened the code gets it now
  // (random, and shown to the buyer only).
  await ensureCode(tx, id, now);
  const code = await claimReminder(tx, id, days);
  const row = code && (await tradeWaitingForHandover(tx, id));
  if (!code || !row || !(await markReminderSent(tx, code, days, now))) return { skipped: id };
  const notes: NotificationView[] = [];
  const buyerId = row.creatorRole === 'BUYER' ? row.creatorId : row.counterpartyId;
  const sellerId = row.creatorRole === 'SELLER' ? row.creatorId : row.counterpartyId;
  for (const userId of [buyerId, sellerId]) {
    const input = reminderFor(row, userId, days);
    if (input) notes.push(await createNotification(tx, input));
  }
  return notes;
}

/**
 * Reminds both parties of an in-person trade 3 and 7 days after payment while it still waits for the
 * handover, once each: the code row is claimed SKIP LOCKED and the reminder's column set with a guarded
 * update, so several scheduler processes never send one twice. There is no automatic release (the
 * buyer holds the code), so these are reminders, not deadlines: they follow the recipients'
 * preferences. The 7-day pass runs first, so a trade first seen after 7 days gets only that one.
 */
export async function sendHandoverReminders(deps: HandoverDeps, maxJobs = 100): Promise<number> {
  let sent = 0;
  for (const days of [...HANDOVER_REMINDER_DAYS].sort((a, b) => b - a)) {
    const skipIds: string[] = [];
    for (let i = 0; i < maxJobs; i += 1) {
      const now = deps.clock.now();
      const claimed: { id?: string } = {};
      let outcome: Awaited<ReturnType<typeof remindOne>>;
      try {
        outcome = await deps.db.transaction((tx) => remindOne(tx, days, now, skipIds, claimed));
      } catch (error) {
        // A broken row is skipped for this pass; the others still get their reminder.
        deps.log.warn({ err: error, days, transactionId: claimed.id }, 'handover reminder failed');
        if (!claimed.id) break;
        skipIds.push(claimed.id);
        continue;
      }
      if (!outcome) break;
      if ('skipped' in outcome) {
        skipIds.push(outcome.skipped);
        continue;
      }
      sent += 1;
      for (const note of outcome) announce(deps, note);
    }
  }
  return sent;
}
