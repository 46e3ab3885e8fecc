import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ADMIN_TEXT, suspendUserSchema } from '@escrow/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showRefusalOnField } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useSuspendUser } from '../api/users';

type SuspendInput = z.input<typeof suspendUserSchema>;
type SuspendBody = z.output<typeof suspendUserSchema>;

/** Suspend: a reason is required; the server signs the user out everywhere and refuses their sign-in. */
export function SuspendDialog({
  userId,
  userName,
  open,
  onOpenChange,
}: {
  userId: string;
  userName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const suspend = useSuspendUser(userId);
  // The server's own schema: the same rule and message ('Please give a reason') on both sides.
  const form = useForm<SuspendInput, unknown, SuspendBody>({
    resolver: zodResolver(suspendUserSchema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.reason?.message;

  function close(next: boolean) {
    if (suspend.isPending) return;
    if (!next) {
      form.reset();
      suspend.reset();
    }
    onOpenChange(next);
  }

  const submit = form.handleSubmit((body) =>
    suspend.mutateAsync(body).then(
      () => {
        toast.success(ADMIN_TEXT.suspendedDone);
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
      title="Suspend user"
      description={`${userName} will be signed out everywhere and cannot sign in until reinstated.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={suspend.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" disabled={suspend.isPending}>
            {suspend.isPending ? 'Suspending...' : 'Suspend user'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field id={`${id}-reason`} label="Reason for the suspension" error={error}>
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
