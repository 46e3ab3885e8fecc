import { and, count, eq, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import {
  DISPUTE_TEXT,
  disputeSlaDueAt,
  EVIDENCE_MAX_FILES,
  UNRESOLVED_DISPUTE_STATUSES,
} from '@escrow/shared/domain/disputes';
import { statusWords } from '@escrow/shared/domain/transaction-machine';
import type { Tx } from '../../db/client.ts';
import { disputeEvidence, disputes, type DisputeRow } from '../../db/schema/disputes.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { recordAudit } from '../audit/index.ts';
import { noticeFor, otherPartyOf, runStep } from '../transactions/index.ts';
import { attachUploadToDispute, isEvidenceUploadOf } from '../uploads/index.ts';
import { assertStaffLook, isStaff, type DisputeActor, type DisputesDeps } from './disputes.deps.ts';
import { announceDispute, mailDisputeParties } from './disputes.notify.ts';
import { closePendingProposals, findDispute, insertMessage, peopleById } from './disputes.repository.ts';
import { nameOf, viewerRoleOf } from './disputes.view.ts';

export const disputeNotFound = () => new AppError('NOT_FOUND', DISPUTE_TEXT.notFound);

type Input = {
  transactionId: string;
  disputeType: DisputeRow['disputeType'];
  reason: string;
  description: string;
  priority: DisputeRow['priority'];
};

/**
 * A party raises a dispute (docs/disputes.md): the transaction step RAISE_DISPUTE (membership 404,
 * WAITING_FOR_SHIPMENT or WAITING_FOR_BUYER_CONFIRMATION only, 409 otherwise) freezes the escrow, and in
 * the same database transaction the dispute row, its first SYSTEM message, the activity and the URGENT
 * notification to the other party are written. One open dispute per transaction (checked, and a partial
 * unique index under races).
 */
export async function raiseDispute(deps: DisputesDeps, userId: string, input: Input): Promise<string> {
  const disputeId = uuidv7();
  const result = await runStep(deps, {
    transactionId: input.transactionId,
    actor: { kind: 'user', userId },
    action: 'RAISE_DISPUTE',
    check: async (ctx) => {
      const [open] = await ctx.tx
        .select({ n: count() })
        .from(disputes)
        .where(
          and(
            eq(disputes.transactionId, ctx.row.id),
            inArray(disputes.status, [...UNRESOLVED_DISPUTE_STATUSES]),
          ),
        );
      if ((open?.n ?? 0) > 0) throw new AppError('CONFLICT', DISPUTE_TEXT.alreadyOpen);
    },
    patch: (ctx) => ({ disputedAt: ctx.now, disputeId }),
    effects: async (ctx) => {
      // Paid, so both parties have joined (a brokered trade's seller side included).
      const accusedId = ctx.row.creatorId === userId ? ctx.row.counterpartyId! : ctx.row.creatorId!;
      await ctx.tx.insert(disputes).values({
        id: disputeId,
        transactionId: ctx.row.id,
        raisedById: userId,
        accusedId,
        disputeType: input.disputeType,
        reason: input.reason,
        description: input.description,
        priority: input.priority,
        statusBeforeDispute: ctx.row.status,
        slaDueAt: disputeSlaDueAt(ctx.now),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await insertMessage(ctx.tx, {
        disputeId,
        senderId: null,
        content: msg(
          'Dispute raised by {name} while the transaction was {status}: {reason}. The payment is frozen until the dispute is resolved.',
        ),
        params: { name: ctx.actorName, status: statusWords(ctx.row.status), reason: input.reason },
        at: ctx.now,
      });
    },
    activity: (ctx) => ({
      action: 'dispute_raised',
      description: msg('Dispute raised by {name}: {reason}'),
      params: { name: ctx.actorName, reason: input.reason },
      metadata: { disputeId, disputeType: input.disputeType },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, otherPartyOf(ctx, updated), {
        type: 'DISPUTE',
        priority: 'URGENT',
        title: msg('A dispute was raised'),
        message: msg(
          '{name} raised a dispute on "{transaction}": {reason}. The payment is on hold until it is resolved.',
        ),
        params: { name: ctx.actorName, transaction: updated.description, reason: input.reason },
        metadata: { disputeId },
      }),
  }).catch((error: unknown) => {
    const code =
      (error as { cause?: { code?: string }; code?: string }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '23505') throw new AppError('CONFLICT', DISPUTE_TEXT.alreadyOpen);
    throw error;
  });
  const dispute = (await findDispute(deps.db, disputeId))!;
  announceDispute(deps, dispute, { notes: result.notes });
  const people = await peopleById(deps.db, [dispute.raisedById, dispute.accusedId]);
  mailDisputeParties(deps, dispute, [people.get(dispute.accusedId)], {
    subject: msg('A dispute was raised on your transaction'),
    paragraphs: [
      msg('{name} raised a dispute on "{transaction}": {reason}.'),
      msg(
        'The payment stays in escrow until the dispute is resolved. Open the dispute to read it, add evidence or propose a settlement.',
      ),
    ],
    params: {
      name: nameOf(people.get(dispute.raisedById)),
      transaction: result.record.row.description,
      reason: dispute.reason,
    },
  });
  return disputeId;
}

/**
 * Runs `work` on the dispute locked FOR UPDATE after checking the caller may see it (a stranger gets 404).
 * Every write to a dispute, its proposals and evidence goes through here, so they never interleave.
 */
export async function withDispute<T>(
  deps: DisputesDeps,
  actor: DisputeActor,
  disputeId: string,
  work: (tx: Tx, dispute: DisputeRow, role: 'RAISER' | 'ACCUSED' | 'STAFF') => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const dispute = await findDispute(tx, disputeId, true);
    const role = dispute ? viewerRoleOf(dispute, actor.id, isStaff(actor)) : null;
    if (!dispute || !role) throw disputeNotFound();
    assertStaffLook(actor, role);
    return work(tx, dispute, role);
  });
}

/** A message from a party or staff; internal notes are staff-only and never reach a party. */
export async function addMessage(
  deps: DisputesDeps,
  actor: DisputeActor,
  disputeId: string,
  body: { content: string; isInternal: boolean },
) {
  const dispute = await withDispute(deps, actor, disputeId, async (tx, row, role) => {
    if (body.isInternal && role !== 'STAFF') throw forbidden(DISPUTE_TEXT.internalStaffOnly);
    if (row.status === 'CLOSED') throw new AppError('CONFLICT', DISPUTE_TEXT.closedNoMessages);
    const now = deps.clock.now();
    const message = await insertMessage(tx, {
      disputeId,
      senderId: actor.id,
      content: body.content,
      isInternal: body.isInternal,
      at: now,
    });
    if (role === 'STAFF')
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'dispute.note',
        targetType: 'dispute',
        targetId: disputeId,
        summary: {
          note: body.isInternal ? 'internal note' : 'message to the parties',
          after: { messageId: message.id },
        },
        requestId: actor.requestId ?? null,
        at: now,
      });
    return row;
  });
  announceDispute(deps, dispute, { staffOnly: body.isInternal });
}

/** A party attaches an upload (purpose dispute_evidence, theirs, for this transaction): at most 10. */
export async function addEvidence(
  deps: DisputesDeps,
  actor: DisputeActor,
  disputeId: string,
  body: { uploadId: string; description?: string },
) {
  const dispute = await withDispute(deps, actor, disputeId, async (tx, row, role) => {
    if (role === 'STAFF') throw forbidden(msg('Only the parties add evidence'));
    if (!UNRESOLVED_DISPUTE_STATUSES.includes(row.status))
      throw new AppError(
        'CONFLICT',
        msg('Evidence can only be added while the dispute is open or in review'),
      );
    const upload = await isEvidenceUploadOf(tx, {
      uploadId: body.uploadId,
      ownerId: actor.id,
      transactionId: row.transactionId,
    });
    const [attached] = await tx
      .select({ id: disputeEvidence.id })
      .from(disputeEvidence)
      .where(eq(disputeEvidence.uploadId, body.uploadId));
    if (!upload || attached) throw new AppError('VALIDATION_ERROR', DISPUTE_TEXT.evidenceUpload);
    const [existing] = await tx
      .select({ n: count() })
      .from(disputeEvidence)
      .where(eq(disputeEvidence.disputeId, disputeId));
    if ((existing?.n ?? 0) >= EVIDENCE_MAX_FILES) throw new AppError('CONFLICT', DISPUTE_TEXT.evidenceLimit);
    const now = deps.clock.now();
    await tx.insert(disputeEvidence).values({
      disputeId,
      uploadId: body.uploadId,
      uploaderId: actor.id,
      description: body.description ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await attachUploadToDispute(tx, body.uploadId, disputeId);
    return row;
  });
  announceDispute(deps, dispute);
}

/** A party hands the dispute to support: IN_REVIEW, pending proposals withdrawn. */
export async function escalateDispute(
  deps: DisputesDeps,
  actor: DisputeActor,
  disputeId: string,
  reason?: string,
) {
  const dispute = await withDispute(deps, actor, disputeId, async (tx, row, role) => {
    if (role === 'STAFF') throw forbidden(msg('Only the parties escalate a dispute'));
    if (row.status !== 'OPEN') throw new AppError('CONFLICT', DISPUTE_TEXT.notEscalatable);
    const now = deps.clock.now();
    await closePendingProposals(tx, disputeId, 'withdrawn', now);
    const [updated] = await tx
      .update(disputes)
      .set({ status: 'IN_REVIEW', escalatedAt: now, updatedAt: now })
      .where(and(eq(disputes.id, disputeId), eq(disputes.status, 'OPEN')))
      .returning();
    const people = await peopleById(tx, [actor.id]);
    await insertMessage(tx, {
      disputeId,
      senderId: null,
      content: msg(
        '{name} escalated the dispute to support{hasReason, select, yes {: {reason}} other {}}. Pending proposals were withdrawn; support will decide.',
      ),
      params: { name: nameOf(people.get(actor.id)), hasReason: reason ? 'yes' : 'no', reason: reason ?? '' },
      at: now,
    });
    return updated!;
  });
  announceDispute(deps, dispute);
  return dispute;
}

/** Staff take a dispute (OPEN or IN_REVIEW → IN_REVIEW, assigned to them), audited. */
export async function takeDispute(deps: DisputesDeps, actor: DisputeActor, disputeId: string) {
  const dispute = await withDispute(deps, actor, disputeId, async (tx, row) => {
    if (!UNRESOLVED_DISPUTE_STATUSES.includes(row.status))
      throw new AppError('CONFLICT', DISPUTE_TEXT.alreadyDecided);
    const now = deps.clock.now();
    await closePendingProposals(tx, disputeId, 'withdrawn', now);
    const [updated] = await tx
      .update(disputes)
      .set({ status: 'IN_REVIEW', assignedToId: actor.id, takenAt: now, updatedAt: now })
      .where(eq(disputes.id, disputeId))
      .returning();
    const people = await peopleById(tx, [actor.id]);
    await insertMessage(tx, {
      disputeId,
      senderId: null,
      content: msg('{name} from support is now reviewing this dispute.'),
      params: { name: nameOf(people.get(actor.id)) },
      at: now,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'dispute.take',
      targetType: 'dispute',
      targetId: disputeId,
      summary: {
        before: { status: row.status, assignedToId: row.assignedToId },
        after: { status: 'IN_REVIEW', assignedToId: actor.id },
      },
      requestId: actor.requestId ?? null,
      at: now,
    });
    return updated!;
  });
  announceDispute(deps, dispute);
  return dispute;
}
