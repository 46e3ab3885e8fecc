import type { StepDeps } from './transactions.deps.ts';
import type { Tx } from '../../db/client.ts';
import { announceTransaction, type StepResult } from './transactions.steps.ts';

export type DueJob = { id: string; run: () => Promise<StepResult<void>> };

/**
 * Runs due jobs one by one, each in its own database transaction: `pickNext` locks the next due row
 * (SKIP LOCKED, never one of `skipIds`) and returns its step. A job that fails (a lost race with another
 * process or a manual action, or a broken row) is logged and skipped for this run; the others go on.
 * Live events go out after each commit. Returns how many jobs were done.
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
    let pickedId: string | null = null;
    let result: StepResult<void> | null;
    try {
      result = await deps.db.transaction(async (tx) => {
        const job = await pickNext(tx, now, failed);
        if (!job) return null;
        pickedId = job.id;
        return job.run();
      });
    } catch (error) {
      if (!pickedId) throw error;
      failed.push(pickedId);
      deps.log.warn({ err: error, jobId: pickedId }, `${label} skipped`);
      continue;
    }
    if (!result) break;
    done += 1;
    announceTransaction(deps, result.record, result.notes);
  }
  return done;
}
