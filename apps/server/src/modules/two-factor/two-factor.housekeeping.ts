import { lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { twoFactorChallenges } from '../../db/schema/two-factor.ts';
import * as repo from './two-factor.repository.ts';

/** Sign-in challenges whose 5 minutes are over: nothing reads them again (the scheduler's housekeeping). */
export async function removeEndedChallenges(deps: { db: Db; clock: Clock }): Promise<number> {
  const removed = await deps.db
    .delete(twoFactorChallenges)
    .where(lt(twoFactorChallenges.expiresAt, deps.clock.now()))
    .returning({ id: twoFactorChallenges.id });
  return removed.length;
}

/** Closing the account (docs/privacy.md): the sealed secret, recovery codes and challenges go with it. */
export async function forgetTwoFactorOf(tx: Tx, userId: string): Promise<void> {
  await repo.removeTwoFactor(tx, userId);
}

/** Whether the user has two-factor sign-in on (the operator console's user view). */
export const twoFactorEnabledOf = (db: Db, userId: string) => repo.isEnabled(db, userId);
