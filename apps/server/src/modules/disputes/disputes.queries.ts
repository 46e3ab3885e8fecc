import { and, desc, eq, lte, type SQL } from 'drizzle-orm';
import {
  DISPUTE_PRIORITY_META,
  DISPUTE_TYPE_META,
  DISPUTE_TYPES,
  DISPUTE_PRIORITIES,
} from '@escrow/shared/domain/disputes';
import { toMajor } from '@escrow/shared/domain/money';
import type { DisputeMeta } from '@escrow/shared/schemas/disputes';
import { disputes, type DisputeRow } from '../../db/schema/disputes.ts';
import { tradeDirectory } from '../../db/schema/published.ts';
import type { Language } from '../../lib/i18n.ts';
import { escrowRemainderOf, inEscrowTransactionsOf } from '../transactions/index.ts';
import { assertStaffLook, isStaff, type DisputeActor, type DisputesDeps } from './disputes.deps.ts';
import {
  awaitingAnswerFrom,
  disputesOfUser,
  findDispute,
  listedTrade,
  loadDisputeRecord,
  peopleById,
} from './disputes.repository.ts';
import { disputeNotFound } from './disputes.service.ts';
import { toDisputeView, toListItem, viewerRoleOf } from './disputes.view.ts';

/**
 * One dispute as the caller may see it, in `language` (the caller's: requestLanguage); a stranger gets
 * 404 'Dispute not found'.
 */
export async function getDispute(
  deps: Pick<DisputesDeps, 'db' | 'clock'>,
  actor: DisputeActor,
  id: string,
  language: Language,
) {
  const dispute = await findDispute(deps.db, id);
  const role = dispute ? viewerRoleOf(dispute, actor.id, isStaff(actor)) : null;
  if (!dispute || !role) throw disputeNotFound();
  assertStaffLook(actor, role);
  const record = await loadDisputeRecord(deps.db, dispute);
  const held = await escrowRemainderOf(deps.db, record.transaction);
  return toDisputeView(record, role, deps.clock.now(), held, language);
}

export async function listMyDisputes(deps: DisputesDeps, userId: string, status?: DisputeRow['status']) {
  const rows = await disputesOfUser(deps.db, userId, status);
  const people = await peopleById(
    deps.db,
    rows.flatMap((r) => [
      r.dispute.raisedById,
      r.dispute.accusedId,
      ...(r.dispute.assignedToId ? [r.dispute.assignedToId] : []),
    ]),
  );
  const awaiting = await awaitingAnswerFrom(
    deps.db,
    rows.filter((r) => r.dispute.status === 'OPEN').map((r) => r.dispute.id),
    userId,
  );
  const now = deps.clock.now();
  return rows.map((r) =>
    toListItem(
      r.dispute,
      r.transaction,
      people,
      viewerRoleOf(r.dispute, userId, false)!,
      awaiting.has(r.dispute.id),
      now,
    ),
  );
}

/** The create screen's list: the caller's transactions that can be disputed now (no open dispute). */
export async function disputableTransactions(deps: DisputesDeps, userId: string) {
  const rows = await inEscrowTransactionsOf(deps.db, userId, 100);
  const people = await peopleById(
    deps.db,
    rows.flatMap((t) => [t.creatorId, t.counterpartyId].filter((id): id is string => id !== null)),
  );
  return rows.map((t) => {
    const otherId = t.creatorId === userId ? t.counterpartyId : t.creatorId;
    const other = otherId ? people.get(otherId) : undefined;
    return {
      id: t.id,
      description: t.description,
      price: toMajor(t.price),
      currency: t.currency,
      status: t.status,
      counterpartyName: other ? `${other.firstName} ${other.lastName}`.trim() : '',
    };
  });
}

export function disputeMeta(): DisputeMeta {
  return {
    disputeTypes: DISPUTE_TYPES.map((value) => ({ value, ...DISPUTE_TYPE_META[value] })),
    priorities: DISPUTE_PRIORITIES.map((value) => ({ value, ...DISPUTE_PRIORITY_META[value] })),
  };
}

type QueueFilter = {
  status?: DisputeRow['status'];
  priority?: DisputeRow['priority'];
  assignedToMe: boolean;
  olderThanHours?: number;
  page: number;
  limit: number;
};

/** The staff queue: every dispute, newest first, filtered; a suspended party is flagged. */
export async function disputeQueue(deps: DisputesDeps, staffId: string, filter: QueueFilter) {
  const now = deps.clock.now();
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(disputes.status, filter.status));
  if (filter.priority) conditions.push(eq(disputes.priority, filter.priority));
  if (filter.assignedToMe) conditions.push(eq(disputes.assignedToId, staffId));
  if (filter.olderThanHours !== undefined)
    conditions.push(lte(disputes.createdAt, new Date(now.getTime() - filter.olderThanHours * 3600_000)));
  const rows = await deps.db
    .select({ dispute: disputes, transaction: listedTrade })
    .from(disputes)
    .innerJoin(tradeDirectory, eq(tradeDirectory.id, disputes.transactionId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(filter.limit + 1)
    .offset((filter.page - 1) * filter.limit);
  const page = rows.slice(0, filter.limit);
  const people = await peopleById(
    deps.db,
    page.flatMap((r) => [
      r.dispute.raisedById,
      r.dispute.accusedId,
      ...(r.dispute.assignedToId ? [r.dispute.assignedToId] : []),
    ]),
  );
  return {
    disputes: page.map((r) => ({
      ...toListItem(r.dispute, r.transaction, people, 'STAFF', false, now),
      partySuspended: [r.dispute.raisedById, r.dispute.accusedId].some((id) => people.get(id)?.suspendedAt),
    })),
    page: filter.page,
    limit: filter.limit,
    hasMore: rows.length > filter.limit,
  };
}
