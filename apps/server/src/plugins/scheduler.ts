import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.ts';
import { removeEndedSessions } from '../modules/auth/index.ts';
import { runDisputeTimers } from '../modules/disputes/index.ts';
import { removeOldOutboxMail } from '../modules/email/index.ts';
import { sendHandoverReminders } from '../modules/handover/index.ts';
import { purgeExpiredIdempotencyKeys } from '../modules/idempotency/index.ts';
import { removeRejectedDocuments } from '../modules/identity/index.ts';
import { releaseDueTimeBased } from '../modules/payment-conditions/index.ts';
import { retryDueProviderRefunds } from '../modules/payments/index.ts';
import { deliverDueTextMessages, removeOldTextMessages } from '../modules/phone/index.ts';
import { runDataExportJobs } from '../modules/privacy/index.ts';
import {
  autoAcceptDueMilestones,
  autoReleaseDue,
  expireDueInvitations,
  sendAutoReleaseReminders,
  sendMilestoneReminders,
} from '../modules/transactions/index.ts';
import { removeEndedChallenges } from '../modules/two-factor/index.ts';
import { removeIdentityDocumentUpload, removeUnattachedUploads } from '../modules/uploads/index.ts';
import { reconcilePendingWithdrawals } from '../modules/wallet/index.ts';
import {
  clearOldWebhookBodies,
  deliverDueWebhooks,
  purgeOldWebhookEvents,
} from '../modules/webhooks/index.ts';

export type Scheduler = {
  start: () => void;
  /** Stops the loop and waits for a run in progress. */
  stop: () => Promise<void>;
  running: () => boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

/**
 * One pass over the timed jobs: due time-based releases, the inspection window's automatic releases and
 * its reminders (48 h and 24 h before), the in-person handover's reminders (3 and 7 days after payment),
 * expired invitations, withdrawals whose payout is overdue, the dispute timers, provider refunds due to be sent or looked up again (payments.refunds.ts), data exports to build or delete (docs/privacy.md), due text messages, and due webhook deliveries. Safe to run in several processes at once (row locks with SKIP LOCKED, guarded updates,
 * ledger idempotency keys); everything it needs is in the database, so a restart loses nothing. The
 * loop logs the counts of a pass that did anything. Tests call it directly.
 */
export async function runDueJobs(deps: AppDeps): Promise<{
  released: number;
  expired: number;
  withdrawalsSettled: number;
  proposalsExpired: number;
  disputesClosed: number;
  refundsSettled: number;
  autoReleased: number;
  remindersSent: number;
  handoverRemindersSent: number;
  milestonesAccepted: number;
  milestoneRemindersSent: number;
  webhooksSent: number;
  textMessagesSent: number;
  exportsPrepared: number;
  exportsExpired: number;
}> {
  const job = countedJob(deps);
  const released = await job('time_based_releases', () => releaseDueTimeBased(deps));
  const autoReleased = await job('auto_releases', () => autoReleaseDue(deps));
  const remindersSent = await job('auto_release_reminders', () => sendAutoReleaseReminders(deps));
  const milestonesAccepted = await job('milestone_auto_accepts', () => autoAcceptDueMilestones(deps));
  const milestoneRemindersSent = await job('milestone_reminders', () => sendMilestoneReminders(deps));
  const handoverRemindersSent = await job('handover_reminders', () => sendHandoverReminders(deps));
  const expired = await job('invitation_expiry', () => expireDueInvitations(deps));
  const checked = await job('withdrawal_reconcile', () => reconcilePendingWithdrawals(deps));
  const disputes = await job('dispute_timers', () => runDisputeTimers(deps));
  const refunds = await job('provider_refunds', () => retryDueProviderRefunds(deps));
  // "Download my data": requests built into a ZIP, and ZIPs past their 7 days deleted (docs/privacy.md).
  const exports = await job('data_exports', () => runDataExportJobs(deps));
  // SMS and WhatsApp written by the steps above too (docs/security.md "Text messages").
  const textMessages = await job('text_messages', () => deliverDueTextMessages(deps));
  // Last: an endpoint slow to answer holds up only the end of the pass (docs/webhooks.md).
  const webhooks = await job('webhook_deliveries', () => deliverDueWebhooks(deps));
  return {
    released,
    expired,
    withdrawalsSettled: checked.completed + checked.reversed,
    ...disputes,
    refundsSettled: refunds.succeeded + refunds.failed,
    autoReleased,
    remindersSent,
    handoverRemindersSent,
    milestonesAccepted,
    milestoneRemindersSent,
    webhooksSent: webhooks.attempted,
    textMessagesSent: textMessages.attempted,
    ...exports,
  };
}

/** The jobs' fixed names: the `job` label of the scheduler metrics (docs/operations.md, "Metrics"). */
export const SCHEDULER_JOBS = [
  'time_based_releases',
  'auto_releases',
  'auto_release_reminders',
  'milestone_auto_accepts',
  'milestone_reminders',
  'handover_reminders',
  'invitation_expiry',
  'withdrawal_reconcile',
  'dispute_timers',
  'provider_refunds',
  'data_exports',
  'text_messages',
  'webhook_deliveries',
  'housekeeping',
] as const;

/**
 * Runs one job and counts it in scheduler_runs_total, and in scheduler_failures_total when it throws.
 * A failure still ends the pass as before (the next tick runs every job again).
 */
function countedJob(deps: Pick<AppDeps, 'metrics'>) {
  return async <T>(name: (typeof SCHEDULER_JOBS)[number], run: () => Promise<T>): Promise<T> => {
    try {
      const result = await run();
      deps.metrics.schedulerJobRan(name, true);
      return result;
    } catch (error) {
      deps.metrics.schedulerJobRan(name, false);
      throw error;
    }
  };
}

const HOUSEKEEPING_EVERY_MS = 3600_000;

/**
 * PGlite has no autovacuum, so its planner statistics would stay those of an empty database and the
 * list queries would sort whole accounts instead of reading their index. The loop refreshes them hourly
 * (PostgreSQL's autovacuum does this by itself).
 */
async function refreshPlannerStatistics(deps: AppDeps) {
  if (deps.databaseKind === 'pglite') await deps.db.execute(sql`analyze`);
}

/**
 * Hourly: planner statistics (PGlite), idempotency keys past their 24-hour replay window, and the
 * retention of docs/privacy.md: sessions 90 days after they ended (the sign-in history), webhook
 * events' bodies and logged answers after 30 days, then webhook events older than 30 days, identity
 * documents 30 days after their rejection (with their image), uploads never attached 24 hours after
 * they were made, outbox e-mails after 30 days, text messages after 30 days and phone codes after a
 * day. Rows are claimed with SKIP LOCKED (once across instances) in bounded batches; the steps that
 * touch file storage come last, so a store that is down holds up only them. Exported for tests.
 */
export async function housekeeping(deps: AppDeps) {
  await refreshPlannerStatistics(deps);
  await purgeExpiredIdempotencyKeys(deps.db, deps.clock.now());
  const sessionsRemoved = await removeEndedSessions(deps);
  if (sessionsRemoved > 0) deps.log.info({ sessionsRemoved }, 'ended sessions removed');
  // Two-factor sign-in challenges past their 5 minutes: nothing reads them again.
  await removeEndedChallenges(deps);
  const webhookBodiesCleared = await clearOldWebhookBodies(deps);
  if (webhookBodiesCleared > 0) deps.log.info({ webhookBodiesCleared }, 'old webhook bodies cleared');
  await purgeOldWebhookEvents(deps);
  const textRowsRemoved = await removeOldTextMessages(deps);
  if (textRowsRemoved > 0) deps.log.info({ textRowsRemoved }, 'old text messages and phone codes removed');
  const documentsRemoved = await removeRejectedDocuments({
    ...deps,
    removeDocumentFile: (tx, uploadId) => removeIdentityDocumentUpload(tx, deps.storage, uploadId),
  });
  if (documentsRemoved > 0) deps.log.info({ documentsRemoved }, 'rejected identity documents removed');
  const uploadsRemoved = await removeUnattachedUploads(deps);
  if (uploadsRemoved > 0) deps.log.info({ uploadsRemoved }, 'unattached uploads removed');
  const outboxFilesRemoved = await removeOldOutboxMail(deps);
  if (outboxFilesRemoved > 0) deps.log.info({ outboxFilesRemoved }, 'old outbox e-mails removed');
}

/**
 * The loop: every SCHEDULER_INTERVAL_MS (a timer re-armed after each pass, so passes never overlap).
 * On by default; off in tests unless a test starts it.
 */
export const schedulerPlugin = fp<AppDeps>(async (app, deps) => {
  deps.metrics.declareSchedulerJobs(SCHEDULER_JOBS);
  let timer: NodeJS.Timeout | null = null;
  let active = false;
  let current: Promise<unknown> | null = null;

  let housekeptAt = 0;
  const tick = () => {
    timer = null;
    current = runDueJobs(deps)
      .then(async (result) => {
        const now = deps.clock.now().getTime();
        if (now - housekeptAt > HOUSEKEEPING_EVERY_MS) {
          housekeptAt = now;
          await countedJob(deps)('housekeeping', () => housekeeping(deps));
        }
        if (Object.values(result).some((n) => n > 0)) app.log.info(result, 'scheduled jobs ran');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'scheduled jobs failed'))
      .finally(() => {
        current = null;
        if (active) timer = setTimeout(tick, deps.config.SCHEDULER_INTERVAL_MS);
      });
  };

  const scheduler: Scheduler = {
    start() {
      if (active) return;
      active = true;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      active = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
    running: () => active,
  };
  app.decorate('scheduler', scheduler);

  app.addHook('onReady', async () => {
    if (deps.config.SCHEDULER_ENABLED ?? deps.config.NODE_ENV !== 'test') scheduler.start();
  });
  app.addHook('preClose', async () => {
    await scheduler.stop();
  });
});
