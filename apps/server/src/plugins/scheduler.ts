import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.ts';
import { runDisputeTimers } from '../modules/disputes/index.ts';
import { sendHandoverReminders } from '../modules/handover/index.ts';
import { purgeExpiredIdempotencyKeys } from '../modules/idempotency/index.ts';
import { releaseDueTimeBased } from '../modules/payment-conditions/index.ts';
import { retryDueProviderRefunds } from '../modules/payments/index.ts';
import {
  autoAcceptDueMilestones,
  autoReleaseDue,
  expireDueInvitations,
  sendAutoReleaseReminders,
  sendMilestoneReminders,
} from '../modules/transactions/index.ts';
import { removeUnattachedUploads } from '../modules/uploads/index.ts';
import { reconcilePendingWithdrawals } from '../modules/wallet/index.ts';
import { deliverDueWebhooks, purgeOldWebhookEvents } from '../modules/webhooks/index.ts';

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
 * expired invitations, withdrawals whose payout is overdue, the dispute timers, provider refunds due to be sent or looked up again (payments.refunds.ts), and due webhook deliveries. Safe to run in several processes at once (row locks with SKIP LOCKED, guarded updates,
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
}> {
  const released = await releaseDueTimeBased(deps);
  const autoReleased = await autoReleaseDue(deps);
  const remindersSent = await sendAutoReleaseReminders(deps);
  const milestonesAccepted = await autoAcceptDueMilestones(deps);
  const milestoneRemindersSent = await sendMilestoneReminders(deps);
  const handoverRemindersSent = await sendHandoverReminders(deps);
  const expired = await expireDueInvitations(deps);
  const checked = await reconcilePendingWithdrawals(deps);
  const disputes = await runDisputeTimers(deps);
  const refunds = await retryDueProviderRefunds(deps);
  // Last: an endpoint slow to answer holds up only the end of the pass (docs/webhooks.md).
  const webhooks = await deliverDueWebhooks(deps);
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
 * Hourly: planner statistics (PGlite), idempotency keys past their 24-hour replay window, webhook
 * events older than 30 days, and uploads never attached 24 hours after they were made (rows claimed
 * with SKIP LOCKED: once across instances).
 */
async function housekeeping(deps: AppDeps) {
  await refreshPlannerStatistics(deps);
  await purgeExpiredIdempotencyKeys(deps.db, deps.clock.now());
  await purgeOldWebhookEvents(deps);
  const uploadsRemoved = await removeUnattachedUploads(deps);
  if (uploadsRemoved > 0) deps.log.info({ uploadsRemoved }, 'unattached uploads removed');
}

/**
 * The loop: every SCHEDULER_INTERVAL_MS (a timer re-armed after each pass, so passes never overlap).
 * On by default; off in tests unless a test starts it.
 */
export const schedulerPlugin = fp<AppDeps>(async (app, deps) => {
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
          await housekeeping(deps);
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
