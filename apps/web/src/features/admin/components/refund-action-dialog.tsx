import { toast } from 'sonner';
import type { ProviderRefund } from '@escrow/shared/schemas/refunds';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatMoney } from '../../../lib/format';
import { buyerOf, useRefundAction, type RefundAction } from '../api/refunds';

const METHODS: Record<string, string> = { CARD: 'card', BANK_TRANSFER: 'bank account' };
const methodWord = (method: string) => METHODS[method] ?? method.toLowerCase();

function wording(action: RefundAction, refund: ProviderRefund) {
  const amount = formatMoney(refund.amount, refund.currency);
  const to = `${buyerOf(refund)}'s ${methodWord(refund.method)}`;
  return action === 'retry'
    ? {
        title: 'Retry refund',
        description: `The provider (${refund.provider}) is asked again to pay ${amount} back to ${to}.`,
        confirm: 'Retry refund',
        busy: 'Retrying...',
        done: 'Refund sent again',
      }
    : {
        title: 'Credit to wallet',
        description: `${amount} is paid into ${buyerOf(refund)}'s Amana wallet instead of back to their ${methodWord(refund.method)}. This cannot be undone.`,
        confirm: 'Credit to wallet',
        busy: 'Crediting...',
        done: 'Refund credited to the buyer’s wallet',
      };
}

/**
 * Confirms one action on a FAILED refund. `idempotencyKey` is made when the dialog opens, so a retried
 * click after a failure (the dialog stays open) cannot move the money twice.
 */
export function RefundActionDialog({
  action,
  refund,
  idempotencyKey,
  onClose,
}: {
  action: RefundAction;
  refund: ProviderRefund;
  idempotencyKey: string;
  onClose: () => void;
}) {
  const mutation = useRefundAction(action);
  const text = wording(action, refund);

  function confirm() {
    mutation.mutate(
      { refundId: refund.id, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(text.done);
          onClose();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || mutation.isPending ? undefined : onClose())}
      title={text.title}
      description={text.description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={mutation.isPending}>
            {mutation.isPending ? text.busy : text.confirm}
          </Button>
        </>
      }
    >
      {mutation.error ? (
        <p role="alert" className="text-sm text-red-600">
          {mutation.error.message}
        </p>
      ) : null}
    </Dialog>
  );
}
