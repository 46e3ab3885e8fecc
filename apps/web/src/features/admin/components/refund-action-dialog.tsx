import { toast } from 'sonner';
import type { ProviderRefund } from '@escrow/shared/schemas/refunds';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatMoney } from '../../../lib/format';
import { buyerOf, useRefundAction, type RefundAction } from '../api/refunds';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const METHODS: Record<string, string> = { CARD: msg('card'), BANK_TRANSFER: msg('bank account') };
const methodWord = (method: string) => (METHODS[method] ? t(METHODS[method]) : method.toLowerCase());

/** The dialog's texts in the screens' language (called while rendering). */
function wording(action: RefundAction, refund: ProviderRefund) {
  const values = {
    amount: formatMoney(refund.amount, refund.currency),
    buyer: buyerOf(refund),
    method: methodWord(refund.method),
    provider: refund.provider,
  };
  return action === 'retry'
    ? {
        title: t('Retry refund'),
        description: t(
          "The provider ({provider}) is asked again to pay {amount} back to {buyer}'s {method}.",
          values,
        ),
        confirm: t('Retry refund'),
        busy: t('Retrying...'),
        done: t('Refund sent again'),
      }
    : {
        title: t('Credit to wallet'),
        description: t(
          "{amount} is paid into {buyer}'s Amana wallet instead of back to their {method}. This cannot be undone.",
          values,
        ),
        confirm: t('Credit to wallet'),
        busy: t('Crediting...'),
        done: t('Refund credited to the buyer’s wallet'),
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
            {t('Cancel')}
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
