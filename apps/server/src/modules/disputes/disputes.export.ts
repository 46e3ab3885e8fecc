import { asc, eq, or } from 'drizzle-orm';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { disputes } from '../../db/schema/disputes.ts';
import { savedLanguageOf } from '../auth/index.ts';
import type { DisputesDeps } from './disputes.deps.ts';
import { getDispute } from './disputes.queries.ts';

/**
 * The user's disputes (raised by or against them) for "Download my data", each as the party sees it:
 * staff internal notes are never in it, SYSTEM lines are in the user's saved language (there is no
 * request to ask, as for the notifications in the same export).
 */
export async function disputesForExport(
  deps: Pick<DisputesDeps, 'db' | 'clock'>,
  userId: string,
): Promise<Dispute[]> {
  const rows = await deps.db
    .select({ id: disputes.id })
    .from(disputes)
    .where(or(eq(disputes.raisedById, userId), eq(disputes.accusedId, userId)))
    .orderBy(asc(disputes.createdAt), asc(disputes.id));
  const language = await savedLanguageOf(deps.db, userId);
  const answer: Dispute[] = [];
  for (const { id } of rows) answer.push(await getDispute(deps, { id: userId, role: 'USER' }, id, language));
  return answer;
}
