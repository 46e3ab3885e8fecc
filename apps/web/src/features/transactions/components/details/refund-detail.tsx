import type { TransactionRefund } from '@escrow/shared/schemas/refunds';
import { refundDestinationText } from '@escrow/shared/texts/refunds';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { formatMoney } from '../../../../lib/format';
import { Detail } from '../form-controls';

/**
 * Where the refund went, in the receipt's words (refundDestinationText): the wallet for a wallet
 * payment, else the card or bank it was paid with, through the provider, and how that stands.
 */
export function refundLine(refund: TransactionRefund, paymentMethod: string | null): string {
  if (refund.destination === 'WALLET') return refundDestinationText(null);
  return refundDestinationText({
    provider: refund.provider ?? 'the payment provider',
    method: paymentMethod ?? 'CARD',
    status: refund.status,
    reference: refund.reference ?? null,
  });
}

/** The summary's refund row, for the buyer and seller of a refunded transaction. */
export function RefundDetail({ transaction: tx }: { transaction: Transaction }) {
  const refund = tx.refund;
  if (!refund) return null;
  return (
    <Detail label="Refund">
      <span className="block">{formatMoney(refund.amount, tx.currency)}</span>
      <span
        data-testid="refund-line"
        className={
          refund.status === 'FAILED' ? 'block font-normal text-amber-800' : 'block font-normal text-slate-600'
        }
      >
        {refundLine(refund, tx.paymentMethod)}
      </span>
    </Detail>
  );
}
