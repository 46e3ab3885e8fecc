import { and, asc, eq, gt, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  AUTO_RELEASE_REMINDER_HOURS,
  extendedAutoReleaseAt,
  INSPECTION_TEXT,
} from '@escrow/shared/domain/disputes';
import type { Tx } from '../../db/client.ts';
import { transactions, type TransactionRow } from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError } from '../../lib/errors.ts';
import { createNotification, type NotificationView } from '../notifications/index.ts';
import type { StepDeps, TransactionsDeps } from './transactions.deps.ts';
import { drainDueJobs } from './transactions.job-runner.ts';
import { announceReminder, contactsOf, lagosDate, type Contact } from './transactions.mails.ts';
import { noticeFor, quoted } from './transactions.notifications.ts';
import { releaseSpec } from './transactions.release.ts';
import { executeStep, runStep, type StepResult } from './transactions.steps.ts';
import { buyerIdOf } from './transactions.view.ts';

/** The inspection window's jobs: the step engine's part plus e-mail. */
export type InspectionDeps = StepDeps & Pick<TransactionsDeps, 'mailer' | 'config'>;

const HOUR = 3600_000;

async function lockNextDueRelease(tx: Tx, now: Date, skipIds: string[]) {
  const conditions: SQL[] = [
    eq(transactions.status, 'WAITING_FOR_BUYER_CONFIRMATION'),
    lte(transactions.autoReleaseAt, now),
  ];
  if (skipIds.length) conditions.push(notInArray(transactions.id, skipIds));
  const [row] = await tx
    .select({ id: transactions.id, autoReleaseAt: transactions.autoReleaseAt })
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
export async function autoReleaseDue(deps: InspectionDeps, maxJobs = 100): Promise<number> {
  return drainDueJobs(deps, 'automatic release', maxJobs, async (tx, now, skipIds) => {
    const due = await lockNextDueRelease(tx, now, skipIds);
    if (!due) return null;
    // The release's notifications are e-mailed after commit by the step engine's announcement.
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
            metadata: { autoReleaseAt: due.autoReleaseAt?.toISOString() ?? null },
          }),
        ),
    };
  });
}

type ReminderHours = (typeof AUTO_RELEASE_REMINDER_HOURS)[number];
type Sent = { row: TransactionRow; note: NotificationView; buyer: Contact | undefined };

const reminderColumn = (hours: ReminderHours) =>
  hours === 24 ? transactions.autoReleaseReminder24SentAt : transactions.autoReleaseReminder48SentAt;

/** The columns a reminder marks sent: its own, and every earlier (longer) one not sent yet. */
function reminderPatch(row: TransactionRow, hours: ReminderHours, now: Date) {
  const patch: Partial<typeof transactions.$inferInsert> = {};
  for (const other of AUTO_RELEASE_REMINDER_HOURS) {
    if (other < hours) continue;
    if (other === 24) patch.autoReleaseReminder24SentAt = row.autoReleaseReminder24SentAt ?? now;
    else patch.autoReleaseReminder48SentAt = row.autoReleaseReminder48SentAt ?? now;
  }
  return patch;
}

function reminderText(row: TransactionRow, hours: number) {
  return {
    title: msg('Payment will be released in {hours} hours'),
    message: row.inspectionExtendedAt
      ? msg(
          'The payment for {trade} will be released to the seller on {date}. Confirm receipt if all is well, or raise a dispute if something is wrong.',
        )
      : msg(
          'The payment for {trade} will be released to the seller on {date}. Confirm receipt if all is well, raise a dispute if something is wrong, or extend the inspection period once.',
        ),
    params: { hours, trade: quoted(row), date: lagosDate(row.autoReleaseAt!) },
  };
}

/** One reminder in one database transaction: the due row locked SKIP LOCKED, a guarded update, the note. */
async function sendOneReminder(
  deps: InspectionDeps,
  hours: ReminderHours,
  skipIds: string[],
  claimed: { id?: string },
): Promise<Sent | { skipped: string } | null> {
  const now = deps.clock.now();
  const column = reminderColumn(hours);
  return deps.db.transaction(async (tx) => {
    const conditions: SQL[] = [
      eq(transactions.status, 'WAITING_FOR_BUYER_CONFIRMATION'),
      isNull(column),
      lte(transactions.autoReleaseAt, new Date(now.getTime() + hours * HOUR)),
      gt(transactions.autoReleaseAt, now),
    ];
    if (skipIds.length) conditions.push(notInArray(transactions.id, skipIds));
    const [row] = await tx
      .select()
      .from(transactions)
      .where(and(...conditions))
      .orderBy(asc(transactions.autoReleaseAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    claimed.id = row.id;
    // Guarded: only while this reminder is unsent and the window is the one read (once each, even if a
    // second process or an extension got there first).
    const [marked] = await tx
      .update(transactions)
      .set(reminderPatch(row, hours, now))
      .where(
        and(
          eq(transactions.id, row.id),
          eq(transactions.status, 'WAITING_FOR_BUYER_CONFIRMATION'),
          isNull(column),
          eq(transactions.autoReleaseAt, row.autoReleaseAt!),
        ),
      )
      .returning({ id: transactions.id });
    const buyerId = buyerIdOf(row);
    if (!marked || !buyerId) return { skipped: row.id };
    const { title, message, params } = reminderText(row, hours);
    const note = await createNotification(tx, {
      userId: buyerId,
      transactionId: row.id,
      type: 'TRANSACTION_UPDATE',
      priority: 'HIGH',
      title,
      message,
      params,
      metadata: {
        transactionStatus: row.status,
        actionRequired: true,
        autoReleaseAt: row.autoReleaseAt!.toISOString(),
        reminderHours: hours,
      },
    });
    const contacts = await contactsOf(tx, [buyerId]);
    return { row, note, buyer: contacts.get(buyerId) };
  });
}

/**
 * Reminds the buyer 48 h and 24 h before the automatic release, once each (a guarded update on the
 * reminder's column, the row locked SKIP LOCKED so several processes may run it), in the app (pushed
 * live after commit) and by e-mail (best-effort). A window first seen under 24 h gets only the 24 h
 * reminder. Moving the window (an extension, a dispute's NO_ACTION restart) clears the columns.
 * Deadlines are always sent, whatever the user's notification preferences (docs/product.md "Notifications").
 */
export async function sendAutoReleaseReminders(deps: InspectionDeps, maxJobs = 100): Promise<number> {
  let sent = 0;
  // The shortest first: a window already inside 24 h gets the 24 h reminder, which stands for the 48 h one.
  for (const hours of [...AUTO_RELEASE_REMINDER_HOURS].sort((a, b) => a - b)) {
    const skipIds: string[] = [];
    for (let i = 0; i < maxJobs; i += 1) {
      const claimed: { id?: string } = {};
      let outcome: Awaited<ReturnType<typeof sendOneReminder>>;
      try {
        outcome = await sendOneReminder(deps, hours, skipIds, claimed);
      } catch (error) {
        // A broken row is skipped for this pass; the others still get their reminder.
        deps.log.warn({ err: error, hours, transactionId: claimed.id }, 'automatic release reminder failed');
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
      announceReminder(deps, { ...outcome, note: outcome.note }, hours);
    }
  }
  return sent;
}

/**
 * The buyer extends the inspection period once, by 1-7 days: the deadline moves, the reminders are sent
 * again for the new one, and the seller is told. Only once, even under races: the row is locked before
 * the check (a second extension waits for the first and then sees it), and the guarded update requires
 * `inspection_extended_at is null`.
 */
export async function extendInspection(
  deps: StepDeps,
  userId: string,
  id: string,
  days: number,
): Promise<StepResult<void>> {
  let current: Date | null = null;
  return runStep(deps, {
    transactionId: id,
    actor: { kind: 'user', userId },
    action: 'EXTEND_INSPECTION',
    check: async (ctx) => {
      const [locked] = await ctx.tx
        .select({
          autoReleaseAt: transactions.autoReleaseAt,
          inspectionExtendedAt: transactions.inspectionExtendedAt,
        })
        .from(transactions)
        .where(eq(transactions.id, ctx.row.id))
        .for('update');
      if (locked?.inspectionExtendedAt) throw new AppError('CONFLICT', INSPECTION_TEXT.alreadyExtended);
      current = locked?.autoReleaseAt ?? null;
      if (!current)
        throw new AppError('CONFLICT', msg('This transaction has no automatic release to extend'));
    },
    guard: sql`${transactions.inspectionExtendedAt} is null`,
    patch: (ctx) => ({
      autoReleaseAt: extendedAutoReleaseAt(current!, days),
      inspectionExtendedAt: ctx.now,
      // The window moved: both reminders are due again before the new deadline.
      autoReleaseReminder48SentAt: null,
      autoReleaseReminder24SentAt: null,
    }),
    activity: (_ctx, updated) => ({
      action: 'inspection_extended',
      description: msg(
        'Inspection period extended by {days, plural, one {# day} other {# days}}, until {date}',
      ),
      params: { days, date: lagosDate(updated.autoReleaseAt!) },
      metadata: { days, autoReleaseAt: updated.autoReleaseAt!.toISOString() },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, ctx.sellerId, {
        type: 'TRANSACTION_UPDATE',
        priority: 'MEDIUM',
        title: INSPECTION_TEXT.extended,
        message: msg(
          'The buyer extended the inspection period of {trade} by {days, plural, one {# day} other {# days}}. The payment will be released on {date} unless a dispute is raised.',
        ),
        params: { trade: quoted(updated), days, date: lagosDate(updated.autoReleaseAt!) },
      }),
  });
}
