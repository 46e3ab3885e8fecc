import { ADMIN_TEXT } from '@escrow/shared/schemas/admin';
import { useSuspendUser } from '../api/users';
import { ReasonDialog } from './reason-dialog';

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
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      action={useSuspendUser(userId)}
      title="Suspend user"
      description={`${userName} will be signed out everywhere and cannot sign in until reinstated.`}
      reasonLabel="Reason for the suspension"
      confirm="Suspend user"
      confirming="Suspending..."
      done={ADMIN_TEXT.suspendedDone}
    />
  );
}
