import { FormProvider } from 'react-hook-form';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import { PRE_PAYMENT_STATUSES } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { DELIVERY_CORRECTION_TEXT } from '@escrow/shared/texts/correction';
import { TRANSACTION_SUCCESS, TRANSACTION_TEXT } from '@escrow/shared/texts/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { showServerFieldErrors } from '../../../../lib/form-values';
import { t } from '../../../../lib/i18n';
import { useSaveDeliveryDetails } from '../../api/lifecycle';
import { failureText } from '../../../../lib/money-mutation';
import { DeliveryDetailsFields, useDeliveryDetailsForm } from '../delivery-details-fields';

export const DELIVERY_SAVE_FAILED = msg('Failed to save delivery details');

type Props = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

/** Provide Delivery Details: the buyer's address in Nigeria; the server checks the same rules. */
export function DeliveryDetailsDialog({ transaction, open, onOpenChange }: Props) {
  const save = useSaveDeliveryDetails(transaction.id);
  const form = useDeliveryDetailsForm(transaction.deliveryDetails);

  const onValid = form.handleSubmit(
    async (details) => {
      try {
        await save.mutateAsync(details);
        toast.success(t(TRANSACTION_SUCCESS.deliverySaved));
        onOpenChange(false);
      } catch (error) {
        if (showServerFieldErrors(error, form.setError).length) return;
        toast.error(failureText(error, t(DELIVERY_SAVE_FAILED)));
      }
    },
    () => toast.error(t(TRANSACTION_TEXT.deliveryFailed)),
  );

  // Correcting an address already given (docs/privacy.md "Correct my data"); after payment the seller
  // is told at once.
  const editing = transaction.deliveryDetails !== null;
  const paid = !PRE_PAYMENT_STATUSES.includes(transaction.status);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t(DELIVERY_CORRECTION_TEXT.dialogTitle) : t('Provide Delivery Details')}
      description={
        editing && paid
          ? t(DELIVERY_CORRECTION_TEXT.editableAfterPayment)
          : t('Where should the seller send the item? Delivery addresses are in Nigeria.')
      }
    >
      <FormProvider {...form}>
        <form onSubmit={onValid} noValidate className="space-y-3">
          <DeliveryDetailsFields idPrefix="dd" />
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('Saving...') : t('Save Delivery Details')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
