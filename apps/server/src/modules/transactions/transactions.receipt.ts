import { TRANSACTION_FEE_PERCENT } from '@escrow/shared/domain/fees';
import { MILESTONE_STATUS_LABELS } from '@escrow/shared/domain/milestones';
import { STATUS_LABELS } from '@escrow/shared/domain/transaction-labels';
import { SHIPPING_TYPE_LABELS } from '@escrow/shared/domain/transaction-machine';
import { toMajor } from '@escrow/shared/domain/money';
import { refundDestinationText } from '@escrow/shared/schemas/refunds';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { PdfWriter, pdfMoney } from '../../lib/pdf.ts';
import { transactionLedgerEntries } from '../ledger/index.ts';
import { providerRefundsOf } from '../payments/index.ts';
import type { TransactionsDeps } from './transactions.deps.ts';
import { getTransactionFor } from './transactions.service.ts';

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'medium',
  timeStyle: 'short',
});
export const formatLagos = (iso: string | Date | null) =>
  iso ? `${lagosTime.format(new Date(iso))} WAT` : '-';

const FEE_PAYER_TEXT = { BUYER: 'The buyer', SELLER: 'The seller', SPLIT: 'Buyer and seller, half each' };

const METHODS: Record<string, string> = { WALLET: 'Wallet', BANK_TRANSFER: 'Bank transfer', CARD: 'Card' };

function parties(tx: Transaction) {
  const creatorIsBuyer = tx.creatorRole === 'BUYER';
  return {
    buyer: (creatorIsBuyer ? tx.creatorName : tx.counterpartyName) ?? 'Not joined yet',
    seller: (creatorIsBuyer ? tx.counterpartyName : tx.creatorName) ?? 'Not joined yet',
  };
}

/** What a ledger entry moved, from the escrow account's point of view (into escrow, or out of it). */
function escrowMovement(postings: { account: string; amount: number }[]): number {
  const escrow = postings.filter((leg) => leg.account.startsWith('escrow:'));
  return escrow.reduce((sum, leg) => sum + leg.amount, 0);
}

/** A milestone trade's parts: each one's title, status, release date and amount, in create order. */
function milestonesSection(pdf: PdfWriter, tx: Transaction) {
  pdf.subheading('Milestones');
  const widths = [170, 120, 130, 79];
  pdf.row(['Milestone', 'Status', 'Released', 'Amount'], widths, true);
  for (const m of tx.milestones)
    pdf.row(
      [
        m.title,
        MILESTONE_STATUS_LABELS[m.status],
        formatLagos(m.releasedAt),
        pdfMoney(m.amount, tx.currency),
      ],
      widths,
    );
}

/**
 * The receipt of one transaction as a PDF, for either party (anyone else: 404, as for the transaction):
 * reference, parties, amounts, fee, a milestone trade's milestones, payment, dates and every money
 * movement of its escrow.
 */
export async function transactionReceiptPdf(
  deps: TransactionsDeps,
  userId: string,
  id: string,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const tx = await getTransactionFor(deps, userId, id);
  const entries = await transactionLedgerEntries(deps.db, id);
  const { buyer, seller } = parties(tx);
  const pdf = await PdfWriter.create(`Amana Escrow receipt ${tx.id}`);
  pdf.heading('Amana Escrow - Transaction receipt');
  pdf.note(`Generated ${formatLagos(deps.clock.now())}. Amounts in ${tx.currency}.`);

  pdf.subheading('Transaction');
  pdf.field('Transaction reference', tx.id);
  pdf.field('Item', tx.description);
  pdf.field('Status', STATUS_LABELS[tx.status]);
  pdf.field('Buyer', buyer);
  pdf.field('Seller', seller);

  pdf.subheading('Amounts');
  pdf.field('Price', pdfMoney(tx.price, tx.currency));
  pdf.field(`Escrow fee (${TRANSACTION_FEE_PERCENT}%)`, pdfMoney(tx.fee, tx.currency));
  pdf.field('Fee paid by', FEE_PAYER_TEXT[tx.feePayer]);
  pdf.field('Buyer pays into escrow', pdfMoney(tx.buyerPays, tx.currency));
  pdf.field('Seller receives on release', pdfMoney(tx.sellerReceives, tx.currency));
  pdf.field('Delivery', SHIPPING_TYPE_LABELS[tx.shippingType]);
  pdf.field(
    'Payment method',
    tx.paymentMethod ? (METHODS[tx.paymentMethod] ?? tx.paymentMethod) : 'Not paid yet',
  );
  pdf.field('Payment reference', tx.paymentReference ?? '-');

  if (tx.milestones.length) milestonesSection(pdf, tx);

  if (tx.paymentStatus === 'REFUNDED' || tx.paymentStatus === 'PARTIALLY_REFUNDED') {
    // Where the buyer's refund went: back to the card or bank through the provider, or to the wallet.
    const [refund] = await providerRefundsOf(deps, [tx.id]);
    pdf.subheading('Refund');
    pdf.note(refundDestinationText(refund ? { ...refund, reference: null } : null));
    if (refund) {
      pdf.field('Amount refunded', pdfMoney(toMajor(refund.amount), refund.currency));
      pdf.field('Refund reference', refund.providerRefundReference ?? '-');
    }
  }

  pdf.subheading('Dates');
  pdf.field('Created', formatLagos(tx.createdAt));
  pdf.field('Paid into escrow', formatLagos(tx.paidAt));
  pdf.field('Shipped', formatLagos(tx.shippedAt));
  if (tx.cancelledAt) pdf.field('Cancelled', formatLagos(tx.cancelledAt));
  else pdf.field('Completed', formatLagos(tx.completedAt));

  pdf.subheading('Escrow movements');
  const widths = [150, 250, 99];
  pdf.row(['Date', 'Movement', 'Amount'], widths, true);
  if (!entries.length) pdf.note('No money has moved for this transaction yet.');
  for (const entry of entries)
    pdf.row(
      [
        formatLagos(entry.createdAt),
        entry.description,
        pdfMoney(escrowMovement(entry.postings), entry.currency),
      ],
      widths,
    );
  pdf.note(
    'Into escrow is positive; out of escrow (to the seller, the platform fee or a refund) is negative.',
  );
  return { filename: `amana-receipt-${tx.id.slice(-8)}.pdf`, bytes: await pdf.bytes() };
}
