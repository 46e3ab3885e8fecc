import type { FastifyInstance } from 'fastify';
import { releaseSpec } from '../transactions/transactions.release.ts';
import { drainDueJobs } from '../transactions/transactions.due-jobs.ts';
import { executeStep } from '../transactions/transactions.steps.ts';
import { lockNextDueTimeRelease, markConditionMet } from './payment-conditions.repository.ts';

/**
 * Carries out every time-based release that is due, each in its own database transaction:
 * the condition row is locked with SKIP LOCKED, the release step re-checks the status with a guarded
 * update, and the ledger posts under the transaction's single release key, so a release happens
 * exactly once even with several scheduler processes or a racing manual release. Returns how many fired.
 */
export async function releaseDueTimeBased(app: FastifyInstance, maxJobs = 100): Promise<number> {
  return drainDueJobs(app, 'time-based release', maxJobs, async (tx, now, skipIds) => {
    const due = await lockNextDueTimeRelease(tx, now, skipIds);
    if (!due) return null;
    return {
      id: due.id,
      run: () =>
        executeStep(
          app,
          tx,
          releaseSpec({
            transactionId: due.transactionId,
            action: 'TIME_RELEASE',
            userId: null,
            description: () => 'Payment released automatically at the scheduled date',
            metadata: { conditionId: due.id },
            extra: async (innerTx, ctx) => {
              await markConditionMet(innerTx, due.id, ctx.now);
            },
          }),
        ),
    };
  });
}
