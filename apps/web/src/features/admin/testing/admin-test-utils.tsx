import type { AdminUserDetail, AuditEntryView } from '@escrow/shared/schemas/admin';
import type { ProviderRefund } from '@escrow/shared/schemas/refunds';
import type { QueueItem } from '../api/dispute-queue';
import { buyer, hoursFromNow, seller, STAFF_ID } from '../../../testing/dispute-fixtures';

export {
  fail,
  installFakeLiveChannel,
  ok,
  renderAt as renderConsole,
  stubApi,
} from '../../../testing/render-at';
export type { StubCall } from '../../../testing/render-at';
export { makeBrokeredDispute, makeDispute } from '../../../testing/dispute-fixtures';

export const ADMIN = { id: STAFF_ID, role: 'ADMIN' as const };
export const SUPPORT = { id: 'staff-support', role: 'SUPPORT' as const };

export function makeQueueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    id: 'dispute-1',
    transactionId: 'tx-1',
    disputeType: 'DELIVERY',
    reason: 'Item never arrived',
    priority: 'HIGH',
    status: 'OPEN',
    resolution: null,
    slaDueAt: hoursFromNow(43),
    slaBreached: false,
    assignedTo: null,
    createdAt: hoursFromNow(-5),
    updatedAt: hoursFromNow(-5),
    raiser: buyer,
    accused: seller,
    viewerRole: 'STAFF',
    transaction: { description: 'iPhone 15 Pro', price: 10_000, currency: 'NGN' },
    awaitingMyAnswer: false,
    partySuspended: false,
    ...overrides,
  };
}

export function makeUserDetail(overrides: Partial<AdminUserDetail['user']> = {}): AdminUserDetail {
  return {
    user: {
      id: 'user-buyer',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      role: 'USER',
      verificationLevel: 'BASIC',
      trustScore: 35,
      suspendedAt: null,
      closedAt: null,
      suspensionReason: null,
      createdAt: '2026-01-15T10:00:00.000Z',
      ...overrides,
    },
    twoFactorEnabled: false,
    wallet: { balance: 12_500, pendingEscrow: 10_250, currency: 'NGN' },
    transactions: [
      {
        id: 'tx-1',
        description: 'iPhone 15 Pro',
        price: 10_000,
        currency: 'NGN',
        status: 'DISPUTED',
        role: 'BUYER',
        counterpartyName: 'Bola Ade',
        createdAt: '2026-03-01T10:00:00.000Z',
        flagged: true,
      },
      {
        id: 'tx-2',
        description: 'Office chair',
        price: 45_000,
        currency: 'NGN',
        status: 'COMPLETED',
        role: 'SELLER',
        counterpartyName: null,
        createdAt: '2026-02-01T10:00:00.000Z',
        flagged: false,
      },
    ],
    sessions: [
      {
        id: 's1',
        userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36',
        device: 'Chrome on Android',
        createdAt: '2026-03-09T08:00:00.000Z',
        expiresAt: '2026-04-09T08:00:00.000Z',
      },
    ],
    disputes: { raised: 1, against: 0, open: 1 },
    privacyConsent: { version: '1.0', acceptedAt: '2026-01-15T10:00:00.000Z' },
    dataExports: [],
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    id: 'a1',
    actorId: ADMIN.id,
    actorName: 'Sade Staff',
    action: 'dispute.take',
    targetType: 'dispute',
    targetId: 'dispute-1',
    summary: { before: { status: 'OPEN' }, after: { status: 'IN_REVIEW' } },
    requestId: 'req-123',
    createdAt: '2026-03-10T09:30:00.000Z',
    ...overrides,
  };
}

/** A card refund whose five attempts failed: it waits for an operator. */
export function makeRefund(overrides: Partial<ProviderRefund> = {}): ProviderRefund {
  return {
    id: 'refund-1',
    transactionId: 'tx-1',
    buyerId: 'user-buyer',
    buyerName: 'Ada Obi',
    buyerEmail: 'ada@example.com',
    provider: 'paystack',
    method: 'CARD',
    paymentReference: 'AMN_PAY_1',
    providerRefundReference: null,
    amount: 10_250,
    currency: 'NGN',
    status: 'FAILED',
    attempts: 5,
    nextAttemptAt: null,
    lastError: 'Transaction has been fully reversed',
    succeededAt: null,
    failedAt: '2026-03-10T11:00:00.000Z',
    createdAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}
