import { asc, eq, or } from 'drizzle-orm';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { disputes } from '../../db/schema/disputes.ts';
import type { DisputesDeps } from './disputes.deps.ts';
import { getDispute } from './disputes.queries.ts';

/**
 * The user's disputes (raised by or against them) for "Download my data", each as the party sees it:
 * staff internal notes are never in it.
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
  const answer: Dispute[] = [];
  for (const { id } of rows) answer.push(await getDispute(deps, { id: userId, role: 'USER' }, id));
  return answer;
}
