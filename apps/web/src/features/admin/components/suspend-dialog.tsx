import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ADMIN_TEXT, suspendUserSchema } from '@escrow/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { useSuspendUser } from '../api/users';
import { Textarea } from '../../../components/ui/panels';

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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const suspend = useSuspendUser(userId);

  function close(next: boolean) {
    if (suspend.isPending) return;
    if (!next) {
      setReason('');
      setError(undefined);
      suspend.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = suspendUserSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ADMIN_TEXT.reasonRequired);
    setError(undefined);
    suspend.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(ADMIN_TEXT.suspendedDone);
        setReason('');
        onOpenChange(false);
      },
      onError: (failure) => setError(failure.message),
    });
  }

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
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            {...fieldErrorProps(`${id}-reason`, error)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
