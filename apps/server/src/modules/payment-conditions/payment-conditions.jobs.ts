import { msg } from '@escrow/shared/i18n/msg';
import { drainDueJobs, executeStep, releaseSpec, type StepDeps } from '../transactions/index.ts';
import { lockNextDueTimeRelease, markConditionMet } from './payment-conditions.repository.ts';

/**
 * Carries out every time-based release that is due, each in its own database transaction:
 * the condition row is locked with SKIP LOCKED, the release step re-checks the status with a guarded
 * update, and the ledger posts under the transaction's single release key, so a release happens
 * exactly once even with several scheduler processes or a racing manual release. Returns how many fired.
 */
export async function releaseDueTimeBased(deps: StepDeps, maxJobs = 100): Promise<number> {
  return drainDueJobs(deps, 'time-based release', maxJobs, async (tx, now, skipIds) => {
    const due = await lockNextDueTimeRelease(tx, now, skipIds);
    if (!due) return null;
    return {
      id: due.id,
      run: () =>
        executeStep(
          deps,
          tx,
          releaseSpec({
            transactionId: due.transactionId,
            action: 'TIME_RELEASE',
            userId: null,
            description: () => msg('Payment released automatically at the scheduled date'),
            metadata: { conditionId: due.id },
            extra: async (innerTx, ctx) => {
              await markConditionMet(innerTx, due.id, ctx.now);
            },
          }),
        ),
    };
  });
}
