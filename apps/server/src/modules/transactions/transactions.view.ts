import { brokeredTradeAmounts } from '@escrow/shared/domain/commission';
import { milestoneRelease } from '@escrow/shared/domain/milestones';
import type { MilestoneView } from '@escrow/shared/schemas/milestone-shapes';
import { toMajor } from '@escrow/shared/domain/money';
import { oppositeRole, type PartyRole } from '@escrow/shared/domain/transaction-machine';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import type { Transaction } from '@escrow/shared/schemas/transaction-shapes';
import type { MilestoneRow, TransactionRow } from '../../db/schema/transactions.ts';
import type { PartyRecord, TransactionRecord } from './transactions.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const fullName = (p: PartyRecord) => `${p.firstName} ${p.lastName}`.trim();
const DAY_MS = 86_400_000;

export function buyerIdOf(row: TransactionRow): string | null {
  return row.creatorRole === 'BUYER' ? row.creatorId : row.counterpartyId;
}
export function sellerIdOf(row: TransactionRow): string | null {
  return row.creatorRole === 'SELLER' ? row.creatorId : row.counterpartyId;
}

/** A milestone trade's milestones as the view carries them; each with what its release pays the seller. */
export function toMilestoneViews(row: TransactionRow, milestones: MilestoneRow[]): MilestoneView[] {
  const parts = milestones.map((m) => ({ amountMinor: m.amount }));
  const trade = { priceMinor: row.price, feeMinor: row.fee, feePayer: row.feePayer };
  return milestones.map((m, index) => ({
    id: m.id,
    title: m.title,
    description: m.description,
    amount: toMajor(m.amount),
    dueDate: m.dueDate,
    status: m.status,
    deliveredAt: iso(m.deliveredAt),
    releasedAt: iso(m.releasedAt),
    autoReleaseAt: m.status === 'DELIVERED' ? iso(m.autoReleaseAt) : null,
    inspectionExtendedAt: iso(m.inspectionExtendedAt),
    deliveryNote: m.deliveryNote,
    deliveryFiles: [...(m.deliveryShipment?.photos ?? []), ...m.deliveryFiles],
    trackingNumber: m.deliveryShipment?.trackingNumber ?? null,
    sellerReceives: toMajor(milestoneRelease(trade, parts, index).sellerMinor),
  }));
}

/**
 * The API shape of a transaction as `viewerId` sees it. A viewer who is not a member (an invitation
 * preview) sees the role they would take by joining: `previewRole`, a brokered trade's invitation's
 * role, else the creator's counterparty. Only the creator gets the invitation, and only while the
 * transaction waits for its counterparty.
 */
export function toTransactionView(
  record: TransactionRecord,
  viewerId: string,
  previewRole?: PartyRole | null,
): Transaction {
  const { row, creator, counterparty } = record;
  const viewerRole: PartyRole = viewerRoleOf(row, viewerId) ?? previewRole ?? oppositeRole(row.creatorRole);
  const showInvitation = row.creatorId === viewerId && row.status === 'PENDING' && record.invitation;
  // A brokered trade's commission comes out of what the seller receives (0 for every other trade).
  const amounts = brokeredTradeAmounts(row.price, row.fee, row.feePayer, row.commission);
  return {
    id: row.id,
    description: row.description,
    currency: row.currency,
    price: toMajor(row.price),
    fee: toMajor(row.fee),
    total: toMajor(row.total),
    feePayer: row.feePayer,
    buyerPays: toMajor(amounts.buyerPaysMinor),
    sellerReceives: toMajor(amounts.sellerReceivesMinor),
    useCourier: row.useCourier,
    shippingType: row.shippingType,
    status: row.status,
    // A brokered trade's seller side is empty until its seller joins.
    creatorId: row.creatorId ?? '',
    creatorName: creator ? fullName(creator) : '',
    creator: { firstName: creator?.firstName ?? '', lastName: creator?.lastName ?? '' },
    creatorRole: row.creatorRole,
    counterpartyId: row.counterpartyId,
    counterpartyName: counterparty ? fullName(counterparty) : null,
    counterparty: counterparty
      ? { firstName: counterparty.firstName, lastName: counterparty.lastName }
      : null,
    counterpartyRole: oppositeRole(row.creatorRole),
    buyerId: buyerIdOf(row),
    sellerId: sellerIdOf(row),
    viewerRole,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    paymentReference: row.paymentReference,
    paymentCompleted: row.paidAt !== null,
    paymentDate: iso(row.paidAt),
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    cancellationReason: row.cancellationReason,
    disputedAt: iso(row.disputedAt),
    autoReleaseAt: iso(row.autoReleaseAt),
    inspectionExtendedAt: iso(row.inspectionExtendedAt),
    disputeId: row.disputeId,
    // Only the buyer and seller learn where the buyer's refund went.
    refund: viewerId === buyerIdOf(row) || viewerId === sellerIdOf(row) ? (record.refund ?? null) : null,
    milestones: record.milestones ? toMilestoneViews(row, record.milestones) : [],
    estimatedDeliveryDays: row.estimatedDeliveryDays,
    expectedDeliveryTime: row.useCourier ? row.estimatedDeliveryDays : null,
    actualDeliveryTime:
      row.shippedAt && row.completedAt
        ? Math.max(0, Math.round((row.completedAt.getTime() - row.shippedAt.getTime()) / DAY_MS))
        : null,
    deliveryDetails: row.deliveryDetails ?? null,
    shipmentData: row.shipmentData ?? null,
    itemType: row.itemType as Transaction['itemType'],
    itemCategory: row.itemCategory as Transaction['itemCategory'],
    itemCondition: row.itemCondition as Transaction['itemCondition'],
    itemQuantity: row.itemQuantity,
    itemBrand: row.itemBrand,
    itemModel: row.itemModel,
    itemSize: row.itemSize,
    itemColor: row.itemColor,
    itemWeight: row.itemWeight,
    itemDimensions: row.itemDimensions,
    itemSerialNumber: row.itemSerialNumber,
    itemWarranty: row.itemWarranty,
    itemOrigin: row.itemOrigin,
    itemAge: row.itemAge,
    specialInstructions: row.specialInstructions,
    returnPolicy: row.returnPolicy,
    maximumBudget: row.maximumBudget === null ? null : toMajor(row.maximumBudget),
    preferredCondition: row.preferredCondition as Transaction['preferredCondition'],
    specificRequirements: row.specificRequirements,
    transactionTerms: row.transactionTerms,
    invitation: showInvitation
      ? { code: record.invitation!.code, expiresAt: record.invitation!.expiresAt.toISOString() }
      : null,
    ...partnerFields(row),
    ...brokerFields(record, viewerId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A partner API transaction carries the partner's reference, title and metadata (webhooks too). */
function partnerFields(row: TransactionRow) {
  if (row.partnerReference === null) return {};
  return {
    reference: row.partnerReference,
    title: row.partnerTitle ?? '',
    metadata: row.partnerMetadata ?? {},
  };
}

/** A brokered trade's broker and commission, which the seller sees before joining (the join page). */
function brokerFields({ row, broker }: TransactionRecord, viewerId: string) {
  if (row.brokerId === null) return {};
  return {
    brokerId: row.brokerId,
    brokerName: broker ? fullName(broker) : '',
    commission: toMajor(row.commission),
    viewerIsBroker: row.brokerId === viewerId,
  };
}

export { fullName };
