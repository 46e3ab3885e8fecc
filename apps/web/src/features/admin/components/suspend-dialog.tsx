import { ADMIN_TEXT } from '@escrow/shared/schemas/admin';
import { useSuspendUser } from '../api/users';
import { ReasonDialog } from './reason-dialog';
import { t } from '../../../lib/i18n';

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
      title={t('Suspend user')}
      description={t('{name} will be signed out everywhere and cannot sign in until reinstated.', {
        name: userName,
      })}
      reasonLabel={t('Reason for the suspension')}
      confirm={t('Suspend user')}
      confirming={t('Suspending...')}
      done={t(ADMIN_TEXT.suspendedDone)}
    />
  );
}
