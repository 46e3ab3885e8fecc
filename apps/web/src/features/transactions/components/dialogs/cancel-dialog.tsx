import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { msg } from '@escrow/shared/i18n/msg';
import { cancelTransactionSchema, type Transaction } from '@escrow/shared/schemas/transactions';
import { TRANSACTION_SUCCESS } from '@escrow/shared/texts/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../../components/ui/input';
import { showServerFieldErrors } from '../../../../lib/form-values';
import { t } from '../../../../lib/i18n';
import { useFixAsYouType } from '../../../../lib/use-fix-as-you-type';
import { useCancelTransaction } from '../../api/lifecycle';
import { failureText } from '../../../../lib/money-mutation';
import { Textarea } from '../form-controls';

export const CANCEL_FAILED = msg('Failed to cancel transaction');

type CancelInput = z.input<typeof cancelTransactionSchema>;
type CancelBody = z.output<typeof cancelTransactionSchema>;

type Props = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

/** Either party may cancel before payment; the other party is told why (reason optional). */
export function CancelDialog({ transaction, open, onOpenChange }: Props) {
  const cancel = useCancelTransaction(transaction.id);
  // The server's own schema: the reason is checked (and worded) the same on both sides.
  const form = useForm<CancelInput, unknown, CancelBody>({
    resolver: zodResolver(cancelTransactionSchema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.reason?.message;
  const errorText = error ? t(error) : undefined;

  const submit = form.handleSubmit((body) =>
    cancel.mutateAsync(body.reason).then(
      () => {
        toast.success(t(TRANSACTION_SUCCESS.cancelled));
        onOpenChange(false);
      },
      (failure: unknown) => {
        // A 400 naming the reason lands on it; the toast still says the cancel failed.
        showServerFieldErrors(failure, form.setError);
        toast.error(failureText(failure, t(CANCEL_FAILED)));
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Cancel Transaction')}
      description={t(
        'No money has been paid yet. Cancelling ends this transaction for both parties and cannot be undone.',
      )}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            {t('Keep Transaction')}
          </Button>
          <Button type="submit" form="cancel-form" variant="danger" disabled={cancel.isPending}>
            {cancel.isPending ? t('Cancelling...') : t('Cancel Transaction')}
          </Button>
        </>
      }
    >
      <form id="cancel-form" onSubmit={submit} noValidate>
        <Field id="cancel-reason" label={t('Reason (optional)')} error={errorText}>
          <Textarea
            id="cancel-reason"
            maxLength={500}
            {...fieldErrorProps('cancel-reason', error)}
            {...form.register('reason')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
