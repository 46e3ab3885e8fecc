import { and, eq } from 'drizzle-orm';
import {
  DISPUTE_TEXT,
  isValidPartialShare,
  partialShareRangeMessage,
  proposalExpiresAt,
  UNRESOLVED_DISPUTE_STATUSES,
  type ResolutionAction,
} from '@escrow/shared/domain/disputes';
import { toMinor } from '@escrow/shared/domain/money';
import type { Tx } from '../../db/client.ts';
import { disputeResolutions, type DisputeRow } from '../../db/schema/disputes.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { recordAudit } from '../audit/index.ts';
import {
  announceTransaction,
  escrowRemainderOf,
  findTransactionRow,
  type StepResult,
} from '../transactions/index.ts';
import type { NotificationView } from '../notifications/index.ts';
import { createNotification } from '../notifications/index.ts';
import type { DisputeActor, DisputesDeps } from './disputes.deps.ts';
import { announceDispute, mailDisputeParties } from './disputes.notify.ts';
import { closePendingProposals, insertMessage, peopleById } from './disputes.repository.ts';
import { disputeNotFound, withDispute } from './disputes.service.ts';
import { movementsParams, payRefundsBack, settle } from './disputes.settle.ts';
import { nameOf } from './disputes.view.ts';

type Proposal = {
  resolutionType: 'MEDIATION' | 'ADMIN_DECISION';
  resolution: ResolutionAction;
  amount?: number | null;
  reason: string;
};

/**
 * The buyer's share of a REFUND_PARTIAL in minor units, else null. 0 < share, within what is still held
 * (a milestone trade's unreleased remainder), and the seller's part must cover the seller's fee share of
 * it; a 400 names the largest allowed share.
 */
async function buyerShare(tx: Tx, dispute: DisputeRow, proposal: Proposal): Promise<number | null> {
  if (proposal.resolution !== 'REFUND_PARTIAL') return null;
  const t = await findTransactionRow(tx, dispute.transactionId);
  const remainder = await escrowRemainderOf(tx, t!);
  const share = typeof proposal.amount === 'number' ? toMinor(proposal.amount) : null;
  const commission = remainder.commissionMinor ?? 0;
  if (
    share === null ||
    !isValidPartialShare(share, remainder.priceMinor, remainder.sellerFeeMinor, commission)
  ) {
    const range = partialShareRangeMessage(
      remainder.priceMinor,
      remainder.sellerFeeMinor,
      t!.currency,
      t!.hasMilestones,
      commission,
    );
    throw new AppError('VALIDATION_ERROR', range.message, undefined, undefined, range.params);
  }
  return share;
}

type Outcome = { dispute: DisputeRow; step?: StepResult<void>; notes: NotificationView[] };

function afterCommit(deps: DisputesDeps, outcome: Outcome) {
  if (outcome.step) announceTransaction(deps, outcome.step.record, outcome.step.notes);
  announceDispute(deps, outcome.dispute, { notes: outcome.notes });
}

async function mailSettled(deps: DisputesDeps, dispute: DisputeRow) {
  const people = await peopleById(deps.db, [dispute.raisedById, dispute.accusedId]);
  mailDisputeParties(deps, dispute, [...people.values()], {
    subject: msg('Your dispute was resolved'),
    paragraphs: [
      msg(
        'The dispute "{reason}" was resolved: {resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}.',
      ),
      msg('Reason: {notes}'),
    ],
    params: { reason: dispute.reason, resolution: dispute.resolution!, notes: dispute.resolutionNotes ?? '' },
  });
}

/**
 * A proposal (MEDIATION: a party, while OPEN; it replaces the proposer's pending one and lapses after
 * 48 h) or a decision (ADMIN_DECISION: staff, while OPEN or IN_REVIEW; executed at once, audited).
 */
export async function proposeResolution(
  deps: DisputesDeps,
  actor: DisputeActor,
  disputeId: string,
  proposal: Proposal,
) {
  const outcome = await withDispute(deps, actor, disputeId, async (tx, dispute, role): Promise<Outcome> => {
    const now = deps.clock.now();
    if (proposal.resolutionType === 'ADMIN_DECISION') {
      if (role !== 'STAFF') throw forbidden(DISPUTE_TEXT.partyNoAdminDecision);
      if (!UNRESOLVED_DISPUTE_STATUSES.includes(dispute.status))
        throw new AppError('CONFLICT', DISPUTE_TEXT.alreadyDecided);
      const share = await buyerShare(tx, dispute, proposal);
      await closePendingProposals(tx, disputeId, 'withdrawn', now);
      const [decision] = await tx
        .insert(disputeResolutions)
        .values({
          disputeId,
          proposedById: actor.id,
          resolutionType: 'ADMIN_DECISION',
          resolution: proposal.resolution,
          amount: share,
          reason: proposal.reason,
          status: 'ACCEPTED',
          decidedAt: now,
          decidedById: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const { step, dispute: resolved } = await settle(deps, tx, {
        dispute,
        action: proposal.resolution,
        buyerShareMinor: share,
        reason: proposal.reason,
        acceptedBy: null,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'dispute.decide',
        targetType: 'dispute',
        targetId: disputeId,
        summary: {
          before: { status: dispute.status, transactionStatus: 'DISPUTED' },
          after: {
            status: 'RESOLVED',
            resolution: proposal.resolution,
            buyerShare: share,
            transactionStatus: step.record.row.status,
            resolutionId: decision!.id,
          },
        },
        requestId: actor.requestId ?? null,
        at: now,
      });
      return { dispute: resolved, step, notes: [] };
    }
    if (role === 'STAFF') throw forbidden(msg('Support staff decide with ADMIN_DECISION'));
    if (dispute.status !== 'OPEN') throw new AppError('CONFLICT', DISPUTE_TEXT.proposalsOnlyOpen);
    const share = await buyerShare(tx, dispute, proposal);
    await closePendingProposals(tx, disputeId, 'superseded', now, actor.id);
    await tx.insert(disputeResolutions).values({
      disputeId,
      proposedById: actor.id,
      resolutionType: 'MEDIATION',
      resolution: proposal.resolution,
      amount: share,
      reason: proposal.reason,
      expiresAt: proposalExpiresAt(now),
      createdAt: now,
      updatedAt: now,
    });
    const t = await findTransactionRow(tx, dispute.transactionId);
    const people = await peopleById(tx, [actor.id]);
    const proposer = nameOf(people.get(actor.id));
    await insertMessage(tx, {
      disputeId,
      senderId: null,
      content: msg(
        '{name} proposed: {resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}. {split, select, none {No money moves; the transaction continues where it was.} broker {Buyer receives {buyer} · Seller receives {seller} · Broker receives {broker} · Platform keeps {platform}} other {Buyer receives {buyer} · Seller receives {seller} · Platform keeps {platform}}} Reason: {reason}',
      ),
      params: {
        name: proposer,
        resolution: proposal.resolution,
        ...movementsParams(proposal.resolution, t!, await escrowRemainderOf(tx, t!), share),
        reason: proposal.reason,
      },
      at: now,
    });
    const otherId = dispute.raisedById === actor.id ? dispute.accusedId : dispute.raisedById;
    const note = await createNotification(tx, {
      userId: otherId,
      transactionId: dispute.transactionId,
      type: 'DISPUTE',
      priority: 'HIGH',
      title: msg('A settlement was proposed'),
      message: msg(
        '{name} proposed: {resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}. Accept or reject it within 48 hours.',
      ),
      params: { name: proposer, resolution: proposal.resolution },
      metadata: { disputeId },
    });
    return { dispute, notes: [note] };
  });
  afterCommit(deps, outcome);
  if (outcome.step) await payRefundsBack(deps, outcome.dispute.transactionId);
  if (outcome.step) await mailSettled(deps, outcome.dispute);
  else {
    const people = await peopleById(deps.db, [outcome.dispute.raisedById, outcome.dispute.accusedId]);
    const otherId =
      outcome.dispute.raisedById === actor.id ? outcome.dispute.accusedId : outcome.dispute.raisedById;
    mailDisputeParties(deps, outcome.dispute, [people.get(otherId)], {
      subject: msg('A settlement was proposed in your dispute'),
      paragraphs: [
        msg(
          '{name} proposed: {resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}.',
        ),
        msg('Open the dispute to accept or reject it. It lapses after 48 hours.'),
      ],
      params: { name: nameOf(people.get(actor.id)), resolution: proposal.resolution },
    });
  }
  return outcome.dispute;
}

/** The other party answers a PENDING, unexpired proposal while the dispute is OPEN. */
export async function answerProposal(
  deps: DisputesDeps,
  actor: DisputeActor,
  resolutionId: string,
  answer: { accept: true } | { accept: false; reason?: string },
) {
  const [found] = await deps.db
    .select({ disputeId: disputeResolutions.disputeId })
    .from(disputeResolutions)
    .where(eq(disputeResolutions.id, resolutionId));
  if (!found) throw new AppError('NOT_FOUND', msg('Proposal not found'));
  const outcome = await withDispute(
    deps,
    actor,
    found.disputeId,
    async (tx, dispute, role): Promise<Outcome> => {
      // Read after the dispute lock: every writer of proposals holds it, so this is the current state.
      const [proposal] = await tx
        .select()
        .from(disputeResolutions)
        .where(eq(disputeResolutions.id, resolutionId));
      if (!proposal) throw disputeNotFound();
      if (role === 'STAFF') throw forbidden(DISPUTE_TEXT.ownProposal);
      if (proposal.proposedById === actor.id) throw forbidden(DISPUTE_TEXT.ownProposal);
      const now = deps.clock.now();
      const live =
        proposal.status === 'PENDING' &&
        dispute.status === 'OPEN' &&
        (!proposal.expiresAt || proposal.expiresAt.getTime() > now.getTime());
      if (!live) throw new AppError('CONFLICT', DISPUTE_TEXT.proposalNotPending);
      const people = await peopleById(tx, [actor.id]);
      const who = nameOf(people.get(actor.id));
      const [updated] = await tx
        .update(disputeResolutions)
        .set({
          status: answer.accept ? 'ACCEPTED' : 'REJECTED',
          closedReason: answer.accept ? null : 'rejected',
          rejectionReason: answer.accept ? null : (answer.reason ?? null),
          decidedAt: now,
          decidedById: actor.id,
          updatedAt: now,
        })
        .where(and(eq(disputeResolutions.id, resolutionId), eq(disputeResolutions.status, 'PENDING')))
        .returning();
      if (!updated) throw new AppError('CONFLICT', DISPUTE_TEXT.proposalNotPending);
      if (!answer.accept) {
        await insertMessage(tx, {
          disputeId: dispute.id,
          senderId: null,
          content: msg(
            '{name} rejected the proposal ({resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}){hasReason, select, yes {: {reason}} other {.}}',
          ),
          params: {
            name: who,
            resolution: proposal.resolution,
            hasReason: answer.reason ? 'yes' : 'no',
            reason: answer.reason ?? '',
          },
          at: now,
        });
        const note = await createNotification(tx, {
          userId: proposal.proposedById,
          transactionId: dispute.transactionId,
          type: 'DISPUTE',
          priority: 'MEDIUM',
          title: msg('Your proposal was rejected'),
          message: msg(
            '{name} rejected your proposal: {resolution, select, REFUND_FULL {Full refund to the buyer} REFUND_PARTIAL {Partial refund} RELEASE_PAYMENT {Release payment to the seller} other {No action (continue the transaction)}}.',
          ),
          params: { name: who, resolution: proposal.resolution },
          metadata: { disputeId: dispute.id },
        });
        return { dispute, notes: [note] };
      }
      await closePendingProposals(tx, dispute.id, 'withdrawn', now);
      const { step, dispute: resolved } = await settle(deps, tx, {
        dispute,
        action: proposal.resolution,
        buyerShareMinor: proposal.amount,
        reason: proposal.reason,
        acceptedBy: who,
      });
      return { dispute: resolved, step, notes: [] };
    },
  );
  afterCommit(deps, outcome);
  if (outcome.step) await payRefundsBack(deps, outcome.dispute.transactionId);
  if (outcome.step) await mailSettled(deps, outcome.dispute);
  return outcome.dispute;
}
