import fp from 'fastify-plugin';
import type { LedgerCheckReport } from '@escrow/shared/schemas/wallet';
import type { AppDeps } from '../app-deps.ts';
import { checkLedger } from '../modules/ledger/index.ts';

type LedgerCheckDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'metrics' | 'config'>;

/**
 * One ledger check (checkLedger: a read-only snapshot of the whole ledger) recorded as the
 * ledger_check_ok and ledger_check_last_run_timestamp_seconds metrics. A failed check is logged with its
 * problems' kinds and count (`npm run ledger:check` or the staff console show the details). A check that
 * could not run (the database away) changes neither metric, so the last run's age tells.
 */
export async function recordLedgerCheck(deps: LedgerCheckDeps): Promise<LedgerCheckReport> {
  const report = await checkLedger(deps.db);
  deps.metrics.ledgerChecked(report.ok, deps.clock.now());
  if (!report.ok)
    deps.log.error(
      { problems: report.problems.length, kinds: [...new Set(report.problems.map((p) => p.kind))] },
      'ledger check failed',
    );
  return report;
}

/**
 * Runs the check every LEDGER_CHECK_INTERVAL_MS wherever the scheduler runs (so not in tests unless a
 * test turns it on or calls recordLedgerCheck), the first one at start. Like the scheduler's loop the
 * timer is re-armed after each run, and closing waits for a run in progress.
 */
export const ledgerCheckPlugin = fp<LedgerCheckDeps>(async (app, deps) => {
  const interval = deps.config.LEDGER_CHECK_INTERVAL_MS;
  const enabled = (deps.config.SCHEDULER_ENABLED ?? deps.config.NODE_ENV !== 'test') && interval > 0;
  if (!enabled) return;
  let timer: NodeJS.Timeout | null = null;
  let active = false;
  let current: Promise<unknown> | null = null;

  const tick = () => {
    timer = null;
    current = recordLedgerCheck(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'ledger check could not run'))
      .finally(() => {
        current = null;
        if (active) timer = setTimeout(tick, interval);
      });
  };
  app.addHook('onReady', async () => {
    active = true;
    timer = setTimeout(tick, 0);
  });
  app.addHook('preClose', async () => {
    active = false;
    if (timer) clearTimeout(timer);
    timer = null;
    await current;
  });
});
