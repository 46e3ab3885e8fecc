import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { suspendUserSchema } from '@escrow/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showRefusalOnField } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { t } from '../../../lib/i18n';

type ReasonBody = { reason: string };

/** The staff action a reason is asked for (a mutation of the admin API hooks). */
type ReasonAction = {
  mutateAsync: (body: ReasonBody) => Promise<unknown>;
  isPending: boolean;
  reset: () => void;
};

/**
 * A staff action that must give a reason (suspend a user, reset their two-factor sign-in): the reason is
 * checked with the server's own schema (the same rule and message, 'Please give a reason', on both
 * sides), and a refusal from the server shows on the field.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  action,
  title,
  description,
  reasonLabel,
  confirm,
  confirming,
  done,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  action: ReasonAction;
  title: string;
  description: string;
  reasonLabel: string;
  confirm: string;
  confirming: string;
  done: string;
}) {
  const id = useId();
  const form = useForm<ReasonBody>({
    resolver: zodResolver(suspendUserSchema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const reasonError = form.formState.errors.reason?.message;
  const error = reasonError ? t(reasonError) : undefined;

  function close(next: boolean) {
    if (action.isPending) return;
    if (!next) {
      form.reset();
      action.reset();
    }
    onOpenChange(next);
  }

  const submit = form.handleSubmit((body) =>
    action.mutateAsync(body).then(
      () => {
        toast.success(done);
        form.reset();
        onOpenChange(false);
      },
      (failure: unknown) => showRefusalOnField(failure, form.setError, 'reason'),
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={action.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" disabled={action.isPending}>
            {action.isPending ? confirming : confirm}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field id={`${id}-reason`} label={reasonLabel} error={error}>
          <Textarea
            id={`${id}-reason`}
            maxLength={500}
            aria-required
            {...fieldErrorProps(`${id}-reason`, error)}
            {...form.register('reason')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
