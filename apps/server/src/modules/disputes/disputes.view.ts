import {
  disputeClosesAt,
  UNRESOLVED_DISPUTE_STATUSES,
  type DisputeViewerRole,
  type EscrowRemainder,
} from '@escrow/shared/domain/disputes';
import { toMajor } from '@escrow/shared/domain/money';
import type { Dispute, DisputeListItem } from '@escrow/shared/schemas/disputes';
import { uploadUrl } from '@escrow/shared/schemas/uploads';
import type { DisputeRow } from '../../db/schema/disputes.ts';
import { translate, type Language } from '../../lib/i18n.ts';
import type { TransactionRow } from '../transactions/index.ts';
import type { DisputeRecord, Person } from './disputes.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const personOf = (people: Map<string, Person>, id: string) => {
  const p = people.get(id);
  return { id, firstName: p?.firstName ?? 'Unknown', lastName: p?.lastName ?? '' };
};
export const nameOf = (person: Pick<Person, 'firstName' | 'lastName'> | undefined) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : 'Someone';

// A disputed trade was paid, so both parties have joined.
export const buyerOf = (t: TransactionRow) => (t.creatorRole === 'BUYER' ? t.creatorId! : t.counterpartyId!);
export const sellerOf = (t: TransactionRow) =>
  t.creatorRole === 'SELLER' ? t.creatorId! : t.counterpartyId!;

/** How `userId` stands to the dispute; null for a stranger (who gets 404). */
export function viewerRoleOf(dispute: DisputeRow, userId: string, staff: boolean): DisputeViewerRole | null {
  if (dispute.raisedById === userId) return 'RAISER';
  if (dispute.accusedId === userId) return 'ACCUSED';
  return staff ? 'STAFF' : null;
}

const roleIn = (dispute: DisputeRow, userId: string): DisputeViewerRole =>
  dispute.raisedById === userId ? 'RAISER' : dispute.accusedId === userId ? 'ACCUSED' : 'STAFF';

export function slaBreached(dispute: DisputeRow, now: Date): boolean {
  return UNRESOLVED_DISPUTE_STATUSES.includes(dispute.status) && now.getTime() > dispute.slaDueAt.getTime();
}

/** The escrow a dispute acts on, in major units (a milestone trade's unreleased remainder). */
function heldPart(t: TransactionRow, held: EscrowRemainder) {
  return {
    price: toMajor(held.priceMinor),
    fee: toMajor(held.feeMinor),
    sellerFee: toMajor(held.sellerFeeMinor),
    buyerFee: toMajor(held.buyerFeeMinor),
    anyReleased: held.anyReleased,
    milestoneTrade: t.hasMilestones,
    ...(held.commissionMinor ? { commission: toMajor(held.commissionMinor) } : {}),
  };
}

function transactionPart(t: TransactionRow) {
  return {
    id: t.id,
    description: t.description,
    price: toMajor(t.price),
    fee: toMajor(t.fee),
    total: toMajor(t.total),
    feePayer: t.feePayer,
    currency: t.currency,
    status: t.status,
    buyerId: buyerOf(t),
    sellerId: sellerOf(t),
  };
}

function headerPart(
  dispute: DisputeRow,
  people: Map<string, Person>,
  viewerRole: DisputeViewerRole,
  now: Date,
) {
  return {
    id: dispute.id,
    transactionId: dispute.transactionId,
    disputeType: dispute.disputeType,
    reason: dispute.reason,
    priority: dispute.priority,
    status: dispute.status,
    resolution: dispute.resolution,
    slaDueAt: dispute.slaDueAt.toISOString(),
    slaBreached: slaBreached(dispute, now),
    assignedTo: dispute.assignedToId ? personOf(people, dispute.assignedToId) : null,
    createdAt: dispute.createdAt.toISOString(),
    updatedAt: dispute.updatedAt.toISOString(),
    raiser: personOf(people, dispute.raisedById),
    accused: personOf(people, dispute.accusedId),
    viewerRole,
  };
}

/**
 * The whole dispute as `viewerRole` sees it, in their `language`: parties never receive staff internal
 * notes. A SYSTEM line is a message id with params, written in the reader's language; what people
 * wrote is shown as they wrote it. `held` is what the dispute acts on (the transactions module's
 * escrowRemainderOf).
 */
export function toDisputeView(
  record: DisputeRecord,
  viewerRole: DisputeViewerRole,
  now: Date,
  held: EscrowRemainder,
  language: Language,
): Dispute {
  const { dispute, people } = record;
  return {
    ...headerPart(dispute, people, viewerRole, now),
    description: dispute.description,
    resolutionNotes: dispute.resolutionNotes,
    escalatedAt: iso(dispute.escalatedAt),
    resolvedAt: iso(dispute.resolvedAt),
    closedAt: iso(dispute.closedAt),
    closesAt:
      dispute.status === 'RESOLVED' && dispute.resolvedAt
        ? disputeClosesAt(dispute.resolvedAt).toISOString()
        : null,
    transaction: { ...transactionPart(record.transaction), held: heldPart(record.transaction, held) },
    messages: record.messages
      .filter((m) => viewerRole === 'STAFF' || !m.isInternal)
      .map((m) => ({
        id: m.id,
        content: m.isSystem ? translate(language, m.content, m.params) : m.content,
        createdAt: m.createdAt.toISOString(),
        isInternal: m.isInternal,
        isSystem: m.isSystem,
        sender: m.senderId ? { ...personOf(people, m.senderId), role: roleIn(dispute, m.senderId) } : null,
      })),
    evidence: record.evidence.map((e) => ({
      id: e.id,
      uploadId: e.uploadId,
      fileName: e.upload.filename,
      fileType: e.upload.mimeType,
      size: e.upload.size,
      fileUrl: uploadUrl(e.uploadId),
      description: e.description,
      uploader: personOf(people, e.uploaderId),
      createdAt: e.createdAt.toISOString(),
    })),
    resolutions: record.resolutions.map((r) => ({
      id: r.id,
      resolutionType: r.resolutionType,
      resolution: r.resolution,
      amount: r.amount === null ? null : toMajor(r.amount),
      reason: r.reason,
      status: r.status,
      closedReason: r.closedReason,
      rejectionReason: r.rejectionReason,
      proposedBy: { ...personOf(people, r.proposedById), role: roleIn(dispute, r.proposedById) },
      expiresAt: r.status === 'PENDING' ? iso(r.expiresAt) : null,
      decidedAt: iso(r.decidedAt),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export function toListItem(
  dispute: DisputeRow,
  transaction: Pick<TransactionRow, 'description' | 'price' | 'currency'>,
  people: Map<string, Person>,
  viewerRole: DisputeViewerRole,
  awaitingMyAnswer: boolean,
  now: Date,
): DisputeListItem {
  return {
    ...headerPart(dispute, people, viewerRole, now),
    transaction: {
      description: transaction.description,
      price: toMajor(transaction.price),
      currency: transaction.currency,
    },
    awaitingMyAnswer,
  };
}
