import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import type { MilestoneView } from '@escrow/shared/schemas/milestone-shapes';
import type { TransactionRefund } from '@escrow/shared/schemas/refunds';
import type { Transaction } from '@escrow/shared/schemas/transactions';

export { fail, ok, stubApi, type StubCall } from '../../../testing/api-mock';

/** Renders with a fresh query client, a memory router and the toaster (toasts are asserted as text). */
export function renderWithProviders(ui: ReactElement, path = '/') {
  toast.dismiss();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export const BUYER_ID = '0192f5a4-7d5e-7000-8000-0000000000b1';
export const SELLER_ID = '0192f5a4-7d5e-7000-8000-0000000000c1';

/** A transaction as the API answers it; by default created by the seller, joined by the buyer, viewed by the buyer. */
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: '0192f5a4-7d5e-7000-8000-00000000abcd',
    description: 'iPhone 13, 128GB',
    currency: 'NGN',
    price: 150_000,
    fee: 3_750,
    total: 153_750,
    feePayer: 'BUYER',
    buyerPays: 153_750,
    sellerReceives: 150_000,
    useCourier: true,
    shippingType: 'COURIER',
    milestones: [],
    status: 'ACTIVE',
    creatorId: SELLER_ID,
    creatorName: 'Sade Seller',
    creator: { firstName: 'Sade', lastName: 'Seller' },
    creatorRole: 'SELLER',
    counterpartyId: BUYER_ID,
    counterpartyName: 'Bola Buyer',
    counterparty: { firstName: 'Bola', lastName: 'Buyer' },
    counterpartyRole: 'BUYER',
    buyerId: BUYER_ID,
    sellerId: SELLER_ID,
    viewerRole: 'BUYER',
    paymentStatus: null,
    paymentMethod: null,
    paymentReference: null,
    paymentCompleted: false,
    paymentDate: null,
    paidAt: null,
    shippedAt: null,
    completedAt: null,
    cancelledAt: null,
    cancellationReason: null,
    disputedAt: null,
    autoReleaseAt: null,
    inspectionExtendedAt: null,
    disputeId: null,
    estimatedDeliveryDays: 3,
    expectedDeliveryTime: 3,
    actualDeliveryTime: null,
    deliveryDetails: null,
    shipmentData: null,
    itemType: 'Physical Product',
    itemCategory: 'Electronics',
    itemCondition: 'Like New',
    itemQuantity: 1,
    itemBrand: 'Apple',
    itemModel: null,
    itemSize: null,
    itemColor: null,
    itemWeight: null,
    itemDimensions: null,
    itemSerialNumber: null,
    itemWarranty: null,
    itemOrigin: null,
    itemAge: null,
    specialInstructions: null,
    returnPolicy: null,
    maximumBudget: null,
    preferredCondition: null,
    specificRequirements: null,
    transactionTerms: null,
    invitation: null,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

/** A transaction a dispute refunded (paid by card unless told), with the view's `refund`. */
export function withRefund(
  refund: TransactionRefund | null,
  overrides: Partial<Transaction> = {},
): Transaction {
  return makeTransaction({
    status: 'CANCELLED',
    paymentStatus: 'REFUNDED',
    paymentMethod: 'CARD',
    paymentReference: 'AMN_PAY_1',
    refund,
    ...overrides,
  });
}

/** One milestone as the view carries it (in progress by default). */
export function makeMilestone(overrides: Partial<MilestoneView> = {}): MilestoneView {
  return {
    id: 'ms-1',
    title: 'Foundation',
    description: null,
    amount: 3_000,
    dueDate: null,
    status: 'PENDING',
    deliveredAt: null,
    releasedAt: null,
    autoReleaseAt: null,
    inspectionExtendedAt: null,
    deliveryNote: null,
    deliveryFiles: [],
    trackingNumber: null,
    sellerReceives: 2_962.51,
    ...overrides,
  };
}

/**
 * A paid milestone trade (IN_PROGRESS): ₦10,001.00 split 50/50 as ₦3,000.00 + ₦3,000.50 + ₦4,000.50, each
 * with what its release pays the seller (the server's pro-rata shares), viewed by the buyer unless told.
 */
export function makeMilestoneTrade(
  milestones: Partial<MilestoneView>[] = [{}, {}, {}],
  overrides: Partial<Transaction> = {},
): Transaction {
  const parts = [
    { id: 'ms-1', title: 'Foundation', amount: 3_000, sellerReceives: 2_962.51 },
    { id: 'ms-2', title: 'Walls and roof', amount: 3_000.5, sellerReceives: 2_963 },
    { id: 'ms-3', title: 'Finishing', amount: 4_000.5, sellerReceives: 3_950.48 },
  ];
  return makeTransaction({
    description: 'Two-room extension',
    price: 10_001,
    fee: 250.03,
    total: 10_126.02,
    feePayer: 'SPLIT',
    buyerPays: 10_126.02,
    sellerReceives: 9_875.99,
    useCourier: false,
    shippingType: 'SELLER_DELIVERY',
    status: 'IN_PROGRESS',
    paymentStatus: 'COMPLETED',
    paymentCompleted: true,
    paidAt: '2026-01-10T10:00:00.000Z',
    milestones: milestones.map((m, index) => makeMilestone({ ...parts[index], ...m })),
    ...overrides,
  });
}
