import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Dialog } from '../../../../components/ui/dialog';
import { t } from '../../../../lib/i18n';
import { paymentHeldText } from '../../lib/trade-terms';
import { PaymentFlow } from './payment-flow';

type Props = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

/** Confirm Payment: stays open after a failure so the buyer can try again. */
export function PaymentDialog({ transaction, open, onOpenChange }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Confirm Payment')}
      description={t(paymentHeldText(transaction))}
    >
      <PaymentFlow
        transaction={transaction}
        onPaid={() => onOpenChange(false)}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
