import { eq } from 'drizzle-orm';
import { sameLegalName } from '@escrow/shared/domain/names';
import { msg } from '@escrow/shared/i18n/msg';
import type { NameChangeImpact } from '@escrow/shared/schemas/identity';
import { NAME_CHANGE_TEXT } from '@escrow/shared/texts/correction';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import * as repo from './auth.repository.ts';

/**
 * The identity checks made under the profile's names (the identity module answers; wired in
 * modules/index.ts, so this module does not import it). `withdraw` runs inside the caller's database
 * transaction and answers what to do after commit.
 */
export type NameChecks = {
  impact: (db: DbOrTx, userId: string) => Promise<NameChangeImpact>;
  withdraw: (
    tx: Tx,
    userId: string,
    at: { now: Date; requestId: string | null },
  ) => Promise<{ impact: NameChangeImpact; afterCommit: () => void } | null>;
};

type Patch = Parameters<typeof repo.updateUser>[2];
export type Withdrawn = { impact: NameChangeImpact; afterCommit: () => void } | null;

/**
 * Saves a profile patch. When it changes the first or last name (beyond case, accents or spacing: the
 * comparison identity checks use), ONE database transaction locks the user row, withdraws the identity
 * checks made under the old name (level and trust score recomputed, history, notification and audit
 * row: identity.name-change.ts) and saves the name. Without `confirmVerificationLoss` such a change is
 * refused with 409 NAME_CHANGE_NEEDS_CONFIRMATION and the impact in `details`, nothing written; the
 * profile form shows the same impact before saving (docs/privacy.md "Correct my data").
 */
export async function saveProfilePatch(
  deps: { db: Db; nameChecks: NameChecks; now: () => Date },
  userId: string,
  patch: Patch,
  options: { confirmVerificationLoss?: boolean | undefined; requestId: string | null },
): Promise<{ row: UserRow; withdrawn: Withdrawn }> {
  if (patch.firstName === undefined && patch.lastName === undefined)
    return { row: await repo.updateUser(deps.db, userId, patch), withdrawn: null };
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!locked) throw unauthorized(msg('Invalid or expired token'));
    const next = {
      firstName: patch.firstName ?? locked.firstName,
      lastName: patch.lastName ?? locked.lastName,
    };
    let withdrawn: Withdrawn = null;
    if (!sameLegalName(locked, next)) {
      if (options.confirmVerificationLoss !== true) {
        const impact = await deps.nameChecks.impact(tx, userId);
        if (impact.checks.length)
          throw new AppError('NAME_CHANGE_NEEDS_CONFIRMATION', NAME_CHANGE_TEXT.needsConfirmation, impact);
      } else {
        withdrawn = await deps.nameChecks.withdraw(tx, userId, {
          now: deps.now(),
          requestId: options.requestId,
        });
      }
    }
    return { row: await repo.updateUser(tx, userId, patch), withdrawn };
  });
}
