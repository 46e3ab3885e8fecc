import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  disputeEvidence,
  disputeMessages,
  disputeResolutions,
  disputes,
  type DisputeEvidenceRow,
  type DisputeMessageRow,
  type DisputeResolutionRow,
  type DisputeRow,
} from '../../db/schema/disputes.ts';
import { tradeDirectory, uploadDirectory } from '../../db/schema/published.ts';
import type { MessageParams } from '../../lib/i18n.ts';
import { peopleByIds, type PersonRecord } from '../auth/index.ts';
import { findTransactionRow, type TransactionRow } from '../transactions/index.ts';

export type Person = PersonRecord;

/** What an evidence line shows of its file. */
export type EvidenceFile = { filename: string; mimeType: string; size: number };

/** Everything a dispute's answer shows. */
export type DisputeRecord = {
  dispute: DisputeRow;
  transaction: TransactionRow;
  people: Map<string, Person>;
  messages: DisputeMessageRow[];
  evidence: (DisputeEvidenceRow & { upload: EvidenceFile })[];
  resolutions: DisputeResolutionRow[];
};

export async function findDispute(db: DbOrTx, id: string, lock = false): Promise<DisputeRow | null> {
  const query = db.select().from(disputes).where(eq(disputes.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function peopleById(db: DbOrTx, ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await peopleByIds(db, unique);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Whether an evidence row of a dispute on the transaction carries the upload: until then an evidence
 * file is its uploader's draft, which the other party may not read.
 */
export async function evidenceAttached(db: DbOrTx, transactionId: string, uploadId: string) {
  const [row] = await db
    .select({ id: disputeEvidence.id })
    .from(disputeEvidence)
    .innerJoin(disputes, eq(disputes.id, disputeEvidence.disputeId))
    .where(and(eq(disputeEvidence.uploadId, uploadId), eq(disputes.transactionId, transactionId)))
    .limit(1);
  return row !== undefined;
}

/** The dispute with its transaction, people, messages, evidence and resolutions (a few round trips). */
export async function loadDisputeRecord(db: DbOrTx, dispute: DisputeRow): Promise<DisputeRecord> {
  const [transaction, messages, evidence, resolutions] = await Promise.all([
    findTransactionRow(db, dispute.transactionId),
    db
      .select()
      .from(disputeMessages)
      .where(eq(disputeMessages.disputeId, dispute.id))
      .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id)),
    db
      .select({
        evidence: disputeEvidence,
        upload: {
          filename: uploadDirectory.filename,
          mimeType: uploadDirectory.mimeType,
          size: uploadDirectory.size,
        },
      })
      .from(disputeEvidence)
      .innerJoin(uploadDirectory, eq(uploadDirectory.id, disputeEvidence.uploadId))
      .where(eq(disputeEvidence.disputeId, dispute.id))
      .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id)),
    db
      .select()
      .from(disputeResolutions)
      .where(eq(disputeResolutions.disputeId, dispute.id))
      .orderBy(asc(disputeResolutions.createdAt), asc(disputeResolutions.id)),
  ]);
  const ids = [
    dispute.raisedById,
    dispute.accusedId,
    ...(dispute.assignedToId ? [dispute.assignedToId] : []),
    ...messages.flatMap((m) => (m.senderId ? [m.senderId] : [])),
    ...evidence.map((e) => e.evidence.uploaderId),
    ...resolutions.map((r) => r.proposedById),
  ];
  return {
    dispute,
    transaction: transaction!,
    people: await peopleById(db, ids),
    messages,
    evidence: evidence.map((e) => ({ ...e.evidence, upload: e.upload })),
    resolutions,
  };
}

/** What a dispute list shows of the disputed trade (joined from the published trade directory). */
export const listedTrade = {
  description: tradeDirectory.description,
  price: tradeDirectory.price,
  currency: tradeDirectory.currency,
};

/** The caller's disputes (raiser or accused), newest first, with what the list shows. */
export async function disputesOfUser(db: DbOrTx, userId: string, status?: DisputeRow['status']) {
  const mine = or(eq(disputes.raisedById, userId), eq(disputes.accusedId, userId));
  return db
    .select({ dispute: disputes, transaction: listedTrade })
    .from(disputes)
    .innerJoin(tradeDirectory, eq(tradeDirectory.id, disputes.transactionId))
    .where(status ? and(mine, eq(disputes.status, status)) : mine)
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(200);
}

/** Dispute ids among `ids` with a PENDING proposal from someone other than `userId`. */
export async function awaitingAnswerFrom(db: DbOrTx, ids: string[], userId: string): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ disputeId: disputeResolutions.disputeId })
    .from(disputeResolutions)
    .where(
      and(
        inArray(disputeResolutions.disputeId, ids),
        eq(disputeResolutions.status, 'PENDING'),
        eq(disputeResolutions.resolutionType, 'MEDIATION'),
        sql`${disputeResolutions.proposedById} <> ${userId}`,
      ),
    );
  return new Set(rows.map((r) => r.disputeId));
}

/**
 * A message in the dispute's conversation. A SYSTEM message (no sender) is a message id with `params`,
 * written in each reader's language when read (disputes.view.ts); what a person wrote has no params.
 */
export async function insertMessage(
  tx: Tx,
  input: {
    disputeId: string;
    senderId: string | null;
    content: string;
    params?: MessageParams;
    isInternal?: boolean;
    at: Date;
  },
) {
  const [row] = await tx
    .insert(disputeMessages)
    .values({
      disputeId: input.disputeId,
      senderId: input.senderId,
      content: input.content,
      params: input.params ?? {},
      isInternal: input.isInternal ?? false,
      isSystem: input.senderId === null,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  return row!;
}

/** PENDING proposals of a dispute end (withdrawn, superseded or expired); returns how many. */
export async function closePendingProposals(
  tx: Tx,
  disputeId: string,
  reason: 'withdrawn' | 'superseded',
  at: Date,
  proposedById?: string,
): Promise<number> {
  const conditions = [eq(disputeResolutions.disputeId, disputeId), eq(disputeResolutions.status, 'PENDING')];
  if (proposedById) conditions.push(eq(disputeResolutions.proposedById, proposedById));
  const rows = await tx
    .update(disputeResolutions)
    .set({ status: 'REJECTED', closedReason: reason, decidedAt: at, updatedAt: at })
    .where(and(...conditions))
    .returning({ id: disputeResolutions.id });
  return rows.length;
}
