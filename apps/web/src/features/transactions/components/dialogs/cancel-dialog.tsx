import { useState } from 'react';
import { toast } from 'sonner';
import { TRANSACTION_SUCCESS, type Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field } from '../../../../components/ui/input';
import { useCancelTransaction } from '../../api/lifecycle';
import { failureText } from '../../api/wallet-link';
import { Textarea } from '../form-controls';

export const CANCEL_FAILED = 'Failed to cancel transaction';

type Props = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

/** Either party may cancel before payment; the other party is told why (reason optional). */
export function CancelDialog({ transaction, open, onOpenChange }: Props) {
  const [reason, setReason] = useState('');
  const cancel = useCancelTransaction(transaction.id);

  async function submit() {
    try {
      await cancel.mutateAsync(reason.trim() || undefined);
      toast.success(TRANSACTION_SUCCESS.cancelled);
      onOpenChange(false);
    } catch (error) {
      toast.error(failureText(error, CANCEL_FAILED));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel Transaction"
      description="No money has been paid yet. Cancelling ends this transaction for both parties and cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep Transaction
          </Button>
          <Button variant="danger" onClick={() => void submit()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Transaction'}
          </Button>
        </>
      }
    >
      <Field id="cancel-reason" label="Reason (optional)">
        <Textarea
          id="cancel-reason"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </Dialog>
  );
}
