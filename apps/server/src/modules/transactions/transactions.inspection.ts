import { and, asc, eq, gt, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  AUTO_RELEASE_REMINDER_HOURS,
  extendedAutoReleaseAt,
  INSPECTION_TEXT,
} from '@escrow/shared/domain/disputes';
import type { Tx } from '../../db/client.ts';
import { transactions, type TransactionRow } from '../../db/schema/transactions.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/errors.ts';
import { composeMail } from '../../lib/mail-compose.ts';
import { createNotification, type NotificationView } from '../notifications/index.ts';
import { SERVER_EVENTS } from '@escrow/shared/events';
import type { StepDeps, TransactionsDeps } from './transactions.deps.ts';
import { drainDueJobs } from './transactions.due-jobs.ts';
import { noticeFor, quoted } from './transactions.notices.ts';
import { releaseSpec } from './transactions.release.ts';
import { executeStep, runStep } from './transactions.steps.ts';
import { buyerIdOf } from './transactions.view.ts';

const HOUR = 3600_000;
const lagosDate = (at: Date) =>
  at.toLocaleString('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' });

async function lockNextDueRelease(tx: Tx, now: Date, skipIds: string[]) {
  const conditions: SQL[] = [
    eq(transactions.status, 'WAITING_FOR_BUYER_CONFIRMATION'),
    lte(transactions.autoReleaseAt, now),
  ];
  if (skipIds.length) conditions.push(notInArray(transactions.id, skipIds));
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(asc(transactions.autoReleaseAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * The inspection window ran out with the buyer silent: the escrow is released to the seller (SYSTEM,
 * AUTO_RELEASE), exactly once: the row is locked SKIP LOCKED, the step re-checks the status (never while
 * DISPUTED), and the ledger posts under the transaction's single release key.
 */
export async function autoReleaseDue(deps: StepDeps, maxJobs = 100): Promise<number> {
  return drainDueJobs(deps, 'automatic release', maxJobs, async (tx, now, skipIds) => {
    const due = await lockNextDueRelease(tx, now, skipIds);
    if (!due) return null;
    return {
      id: due.id,
      run: () =>
        executeStep(
          deps,
          tx,
          releaseSpec({
            transactionId: due.id,
            action: 'AUTO_RELEASE',
            userId: null,
            description: () => INSPECTION_TEXT.autoReleased,
          }),
        ),
    };
  });
}

type Reminder = {
  row: TransactionRow;
  note: NotificationView;
  email: string;
  firstName: string;
  hours: number;
};

/**
 * Reminds the buyer 48 h and 24 h before the automatic release, once each (a guarded update on the
 * reminder's column), in the app and by e-mail. A window already under 24 h gets only the 24 h one.
 */
export async function sendAutoReleaseReminders(deps: TransactionsDeps, maxJobs = 100): Promise<number> {
  let sent = 0;
  for (const hours of [...AUTO_RELEASE_REMINDER_HOURS].sort((a, b) => a - b)) {
    const column =
      hours === 24 ? transactions.autoReleaseReminder24SentAt : transactions.autoReleaseReminder48SentAt;
    for (let i = 0; i < maxJobs; i += 1) {
      const now = deps.clock.now();
      const reminder = await deps.db.transaction(async (tx): Promise<Reminder | null> => {
        const [row] = await tx
          .select()
          .from(transactions)
          .where(
            and(
              eq(transactions.status, 'WAITING_FOR_BUYER_CONFIRMATION'),
              isNull(column),
              lte(transactions.autoReleaseAt, new Date(now.getTime() + hours * HOUR)),
              gt(transactions.autoReleaseAt, now),
            ),
          )
          .orderBy(asc(transactions.autoReleaseAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return null;
        // The 24 h reminder also stands for a 48 h one that was never sent (the window was shorter).
        await tx
          .update(transactions)
          .set(
            hours === 24
              ? {
                  autoReleaseReminder24SentAt: now,
                  autoReleaseReminder48SentAt: row.autoReleaseReminder48SentAt ?? now,
                }
              : { autoReleaseReminder48SentAt: now },
          )
          .where(eq(transactions.id, row.id));
        const buyerId = buyerIdOf(row)!;
        const [buyer] = await tx
          .select({ email: users.email, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, buyerId));
        const when = lagosDate(row.autoReleaseAt!);
        const note = await createNotification(tx, {
          userId: buyerId,
          transactionId: row.id,
          type: 'TRANSACTION_UPDATE',
          priority: 'HIGH',
          title: `Payment will be released in ${hours} hours`,
          message: `The payment for ${quoted(row)} will be released to the seller on ${when}. Confirm receipt if all is well, raise a dispute if something is wrong, or extend the inspection period once.`,
          metadata: {
            transactionStatus: row.status,
            actionRequired: true,
            autoReleaseAt: row.autoReleaseAt!.toISOString(),
          },
        });
        return { row, note, email: buyer!.email, firstName: buyer!.firstName, hours };
      });
      if (!reminder) break;
      sent += 1;
      deps.realtime.toUser(reminder.note.userId, SERVER_EVENTS.notification, reminder.note);
      const link = {
        href: `${deps.config.publicUrl}/app/transactions/${reminder.row.id}`,
        label: 'Open the transaction',
      };
      deps.mailer
        .send(
          composeMail(
            reminder.email,
            `Payment for "${reminder.row.description}" will be released in ${reminder.hours} hours`,
            [`Hello ${reminder.firstName},`, reminder.note.message],
            link,
          ),
        )
        .catch((error: unknown) =>
          deps.log.warn({ err: error, transactionId: reminder.row.id }, 'reminder e-mail not sent'),
        );
    }
  }
  return sent;
}

/** The buyer extends the inspection period once, by 1-7 days (guarded in SQL against a racing second one). */
export async function extendInspection(deps: TransactionsDeps, userId: string, id: string, days: number) {
  return runStep(deps, {
    transactionId: id,
    actor: { kind: 'user', userId },
    action: 'EXTEND_INSPECTION',
    check: (ctx) => {
      if (ctx.row.inspectionExtendedAt) throw new AppError('CONFLICT', INSPECTION_TEXT.alreadyExtended);
      if (!ctx.row.autoReleaseAt)
        throw new AppError('CONFLICT', 'This transaction has no automatic release to extend');
    },
    guard: sql`${transactions.inspectionExtendedAt} is null`,
    patch: (ctx) => ({
      autoReleaseAt: extendedAutoReleaseAt(ctx.row.autoReleaseAt!, days),
      inspectionExtendedAt: ctx.now,
      autoReleaseReminder48SentAt: null,
      autoReleaseReminder24SentAt: null,
    }),
    activity: (_ctx, updated) => ({
      action: 'inspection_extended',
      description: `Inspection period extended by ${days} day${days === 1 ? '' : 's'}, until ${lagosDate(updated.autoReleaseAt!)}`,
      metadata: { days, autoReleaseAt: updated.autoReleaseAt!.toISOString() },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, ctx.sellerId, {
        type: 'TRANSACTION_UPDATE',
        priority: 'MEDIUM',
        title: INSPECTION_TEXT.extended,
        message: `The buyer extended the inspection period of ${quoted(updated)} by ${days} day${days === 1 ? '' : 's'}. The payment will be released on ${lagosDate(updated.autoReleaseAt!)} unless a dispute is raised.`,
      }),
  });
}
