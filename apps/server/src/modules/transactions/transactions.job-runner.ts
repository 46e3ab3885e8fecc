import type { StepDeps } from './transactions.deps.ts';
import type { Tx } from '../../db/client.ts';
import { announceTransaction, type StepResult } from './transactions.steps.ts';

export type DueJob = {
  id: string;
  run: () => Promise<StepResult<void>>;
  /** After commit and the live events (e-mails): best-effort, must not throw. */
  after?: (result: StepResult<void>) => void;
};

/**
 * Runs due jobs one by one, each in its own database transaction: `pickNext` locks the next due row
 * (SKIP LOCKED, never one of `skipIds`) and returns its step. A job that fails (a lost race with another
 * process or a manual action, or a broken row) is logged and skipped for this run; the others go on.
 * Live events (and the job's `after`) go out after each commit. Returns how many jobs were done.
 */
export async function drainDueJobs(
  deps: StepDeps,
  label: string,
  maxJobs: number,
  pickNext: (tx: Tx, now: Date, skipIds: string[]) => Promise<DueJob | null>,
): Promise<number> {
  const failed: string[] = [];
  let done = 0;
  for (let i = 0; i < maxJobs; i += 1) {
    const now = deps.clock.now();
    const claimed: { job?: DueJob } = {};
    let result: StepResult<void> | null;
    try {
      result = await deps.db.transaction(async (tx) => {
        const job = await pickNext(tx, now, failed);
        if (!job) return null;
        claimed.job = job;
        return job.run();
      });
    } catch (error) {
      if (!claimed.job) throw error;
      failed.push(claimed.job.id);
      deps.log.warn({ err: error, jobId: claimed.job.id }, `${label} skipped`);
      continue;
    }
    if (!result) break;
    done += 1;
    announceTransaction(deps, result.record, result.notes);
    try {
      claimed.job?.after?.(result);
    } catch (error) {
      deps.log.error({ err: error, jobId: result.record.row.id }, `${label}: after-commit work failed`);
    }
  }
  return done;
}
