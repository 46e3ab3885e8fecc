import type { Dispute } from '@escrow/shared/schemas/disputes';

export const STAFF_ID = 'staff-admin';
export const buyer = { id: 'user-buyer', firstName: 'Ada', lastName: 'Obi' };
export const seller = { id: 'user-seller', firstName: 'Bola', lastName: 'Ade' };

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A dispute as the API answers it (staff view by default; override viewerRole for a party). */
export function makeDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 'dispute-1',
    transactionId: 'tx-1',
    disputeType: 'DELIVERY',
    reason: 'Item never arrived',
    description: 'Paid a week ago; the tracking number does not exist.',
    priority: 'HIGH',
    status: 'IN_REVIEW',
    resolution: null,
    resolutionNotes: null,
    slaDueAt: hoursFromNow(43),
    slaBreached: false,
    assignedTo: { id: STAFF_ID, firstName: 'Sade', lastName: 'Staff' },
    escalatedAt: null,
    resolvedAt: null,
    closedAt: null,
    closesAt: null,
    createdAt: hoursFromNow(-5),
    updatedAt: hoursFromNow(-1),
    transaction: {
      id: 'tx-1',
      description: 'iPhone 15 Pro',
      price: 10_000,
      fee: 250,
      total: 10_250,
      feePayer: 'BUYER',
      currency: 'NGN',
      status: 'DISPUTED',
      buyerId: buyer.id,
      sellerId: seller.id,
    },
    raiser: buyer,
    accused: seller,
    viewerRole: 'STAFF',
    messages: [
      {
        id: 'm1',
        content: 'Dispute raised: Item never arrived',
        createdAt: hoursFromNow(-5),
        isInternal: false,
        isSystem: true,
        sender: null,
      },
      {
        id: 'm2',
        content: 'I shipped it on Monday.',
        createdAt: hoursFromNow(-4),
        isInternal: false,
        isSystem: false,
        sender: { ...seller, role: 'ACCUSED' },
      },
      {
        id: 'm3',
        content: 'Courier confirms no pickup was booked.',
        createdAt: hoursFromNow(-3),
        isInternal: true,
        isSystem: false,
        sender: { id: STAFF_ID, firstName: 'Sade', lastName: 'Staff', role: 'STAFF' },
      },
    ],
    evidence: [],
    resolutions: [],
    ...overrides,
  };
}

/**
 * A dispute on a brokered trade (docs/money.md "Broker commission"): ₦10,001.00, the seller pays the
 * ₦250.03 fee, the broker's commission ₦1,000.00 out of the seller's part.
 */
export function makeBrokeredDispute(overrides: Partial<Dispute> = {}): Dispute {
  const base = makeDispute();
  return makeDispute({
    transaction: {
      ...base.transaction,
      price: 10_001,
      fee: 250.03,
      total: 10_001,
      feePayer: 'SELLER',
      held: {
        price: 10_001,
        fee: 250.03,
        sellerFee: 250.03,
        buyerFee: 0,
        anyReleased: false,
        milestoneTrade: false,
        commission: 1_000,
      },
    },
    ...overrides,
  });
}
