import type { TransactionRefund } from '@escrow/shared/schemas/refunds';
import { refundDestinationTextMessage } from '@escrow/shared/texts/refunds';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { formatMoney } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { Detail } from '../form-controls';

/**
 * Where the refund went, in the receipt's words (refundDestinationText, as its ICU message): the wallet
 * for a wallet payment, else the card or bank it was paid with, through the provider, and how that
 * stands. Read while rendering (it is in the screen's language).
 */
export function refundLine(refund: TransactionRefund, paymentMethod: string | null): string {
  if (refund.destination === 'WALLET')
    return t(refundDestinationTextMessage, {
      status: 'WALLET',
      method: 'CARD',
      provider: '',
      reference: 'none',
    });
  return t(refundDestinationTextMessage, {
    status: refund.status,
    method: paymentMethod ?? 'CARD',
    provider: refund.provider ?? t('the payment provider'),
    reference: refund.reference ?? 'none',
  });
}

/** The summary's refund row, for the buyer and seller of a refunded transaction. */
export function RefundDetail({ transaction: tx }: { transaction: Transaction }) {
  const refund = tx.refund;
  if (!refund) return null;
  return (
    <Detail label={t('Refund')}>
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
