import { TRANSACTION_FEE_PERCENT } from '@escrow/shared/domain/fees';
import { MILESTONE_STATUS_LABELS } from '@escrow/shared/domain/milestones';
import { STATUS_LABELS } from '@escrow/shared/domain/transaction-labels';
import { SHIPPING_TYPE_LABELS } from '@escrow/shared/domain/transaction-machine';
import { toMajor } from '@escrow/shared/domain/money';
import { msg } from '@escrow/shared/i18n/msg';
import { refundDestinationTextMessage } from '@escrow/shared/schemas/refunds';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { translate, type Language, type MessageParams } from '../../lib/i18n.ts';
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

const FEE_PAYER_TEXT = {
  BUYER: msg('The buyer'),
  SELLER: msg('The seller'),
  SPLIT: msg('Buyer and seller, half each'),
};

const METHODS: Record<string, string> = {
  WALLET: msg('Wallet'),
  BANK_TRANSFER: msg('Bank transfer'),
  CARD: msg('Card'),
};

function parties(tx: Transaction, notJoined: string) {
  const creatorIsBuyer = tx.creatorRole === 'BUYER';
  return {
    buyer: (creatorIsBuyer ? tx.creatorName : tx.counterpartyName) ?? notJoined,
    seller: (creatorIsBuyer ? tx.counterpartyName : tx.creatorName) ?? notJoined,
  };
}

/** What a ledger entry moved, from the escrow account's point of view (into escrow, or out of it). */
function escrowMovement(postings: { account: string; amount: number }[]): number {
  const escrow = postings.filter((leg) => leg.account.startsWith('escrow:'));
  return escrow.reduce((sum, leg) => sum + leg.amount, 0);
}

/** A milestone trade's parts: each one's title, status, release date and amount, in create order. */
function milestonesSection(pdf: PdfWriter, tx: Transaction, t: Text) {
  pdf.subheading(t(msg('Milestones')));
  const widths = [170, 120, 130, 79];
  pdf.row([t(msg('Milestone')), t(msg('Status')), t(msg('Released')), t(msg('Amount'))], widths, true);
  for (const m of tx.milestones)
    pdf.row(
      [
        m.title,
        t(MILESTONE_STATUS_LABELS[m.status]),
        formatLagos(m.releasedAt),
        pdfMoney(m.amount, tx.currency),
      ],
      widths,
    );
}

type Text = (id: string, params?: MessageParams) => string;

/**
 * The receipt of one transaction as a PDF, for either party (anyone else: 404, as for the transaction),
 * in the reader's `language`: reference, parties, amounts, fee, a milestone trade's milestones, payment,
 * dates and every money movement of its escrow. Amounts and dates keep the Nigerian English formats.
 */
export async function transactionReceiptPdf(
  deps: TransactionsDeps,
  userId: string,
  id: string,
  language: Language = 'en',
): Promise<{ filename: string; bytes: Uint8Array }> {
  const t: Text = (message, params) => translate(language, message, params);
  const tx = await getTransactionFor(deps, userId, id);
  const entries = await transactionLedgerEntries(deps.db, id);
  const { buyer, seller } = parties(tx, t(msg('Not joined yet')));
  const pdf = await PdfWriter.create(t(msg('Amana Escrow receipt {id}'), { id: tx.id }));
  pdf.heading(t(msg('Amana Escrow - Transaction receipt')));
  pdf.note(
    t(msg('Generated {date}. Amounts in {currency}.'), {
      date: formatLagos(deps.clock.now()),
      currency: tx.currency,
    }),
  );

  pdf.subheading(t(msg('Transaction')));
  pdf.field(t(msg('Transaction reference')), tx.id);
  pdf.field(t(msg('Item')), tx.description);
  pdf.field(t(msg('Status')), t(STATUS_LABELS[tx.status]));
  pdf.field(t(msg('Buyer')), buyer);
  pdf.field(t(msg('Seller')), seller);

  pdf.subheading(t(msg('Amounts')));
  pdf.field(t(msg('Price')), pdfMoney(tx.price, tx.currency));
  pdf.field(
    t(msg('Escrow fee ({percent}%)'), { percent: TRANSACTION_FEE_PERCENT }),
    pdfMoney(tx.fee, tx.currency),
  );
  pdf.field(t(msg('Fee paid by')), t(FEE_PAYER_TEXT[tx.feePayer]));
  pdf.field(t(msg('Buyer pays into escrow')), pdfMoney(tx.buyerPays, tx.currency));
  pdf.field(t(msg('Seller receives on release')), pdfMoney(tx.sellerReceives, tx.currency));
  pdf.field(t(msg('Delivery')), t(SHIPPING_TYPE_LABELS[tx.shippingType]));
  pdf.field(
    t(msg('Payment method')),
    tx.paymentMethod ? t(METHODS[tx.paymentMethod] ?? tx.paymentMethod) : t(msg('Not paid yet')),
  );
  pdf.field(t(msg('Payment reference')), tx.paymentReference ?? '-');

  if (tx.milestones.length) milestonesSection(pdf, tx, t);

  if (tx.paymentStatus === 'REFUNDED' || tx.paymentStatus === 'PARTIALLY_REFUNDED') {
    // Where the buyer's refund went: back to the card or bank through the provider, or to the wallet.
    const [refund] = await providerRefundsOf(deps, [tx.id]);
    pdf.subheading(t(msg('Refund')));
    pdf.note(
      t(refundDestinationTextMessage, {
        status: refund?.status ?? 'WALLET',
        method: refund?.method ?? 'none',
        provider: refund?.provider ?? 'none',
        reference: 'none',
      }),
    );
    if (refund) {
      pdf.field(t(msg('Amount refunded')), pdfMoney(toMajor(refund.amount), refund.currency));
      pdf.field(t(msg('Refund reference')), refund.providerRefundReference ?? '-');
    }
  }

  pdf.subheading(t(msg('Dates')));
  pdf.field(t(msg('Created')), formatLagos(tx.createdAt));
  pdf.field(t(msg('Paid into escrow')), formatLagos(tx.paidAt));
  pdf.field(t(msg('Shipped')), formatLagos(tx.shippedAt));
  if (tx.cancelledAt) pdf.field(t(msg('Cancelled')), formatLagos(tx.cancelledAt));
  else pdf.field(t(msg('Completed')), formatLagos(tx.completedAt));

  pdf.subheading(t(msg('Escrow movements')));
  const widths = [150, 250, 99];
  pdf.row([t(msg('Date')), t(msg('Movement')), t(msg('Amount'))], widths, true);
  if (!entries.length) pdf.note(t(msg('No money has moved for this transaction yet.')));
  for (const entry of entries)
    pdf.row(
      [
        formatLagos(entry.createdAt),
        t(entry.description),
        pdfMoney(escrowMovement(entry.postings), entry.currency),
      ],
      widths,
    );
  pdf.note(
    t(
      msg(
        'Into escrow is positive; out of escrow (to the seller, the platform fee or a refund) is negative.',
      ),
    ),
  );
  return { filename: `amana-receipt-${tx.id.slice(-8)}.pdf`, bytes: await pdf.bytes() };
}
