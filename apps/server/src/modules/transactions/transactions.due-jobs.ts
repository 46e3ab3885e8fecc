import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { announceTransaction, type StepResult } from './transactions.steps.ts';

export type DueJob = { id: string; run: () => Promise<StepResult> };

/**
 * Runs due jobs one by one, each in its own database transaction: `pickNext` locks the next due row
 * (SKIP LOCKED, never one of `skipIds`) and returns its step. A job that fails (a lost race with another
 * process or a manual action, or a broken row) is logged and skipped for this run; the others go on.
 * Live events go out after each commit. Returns how many jobs were done.
 */
export async function drainDueJobs(
  app: FastifyInstance,
  label: string,
  maxJobs: number,
  pickNext: (tx: Tx, now: Date, skipIds: string[]) => Promise<DueJob | null>,
): Promise<number> {
  const failed: string[] = [];
  let done = 0;
  for (let i = 0; i < maxJobs; i += 1) {
    const now = app.clock.now();
    let pickedId: string | null = null;
    let result: StepResult | null;
    try {
      result = await app.db.transaction(async (tx) => {
        const job = await pickNext(tx, now, failed);
        if (!job) return null;
        pickedId = job.id;
        return job.run();
      });
    } catch (error) {
      if (!pickedId) throw error;
      failed.push(pickedId);
      app.log.warn({ err: error, jobId: pickedId }, `${label} skipped`);
      continue;
    }
    if (!result) break;
    done += 1;
    await announceTransaction(app, result.updated.id, result.notes);
  }
  return done;
}
