import { t } from '../../lib/i18n';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

type LogoutConfirmProps = {
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
};

/** The dialog of logout-dialog.tsx, in a module of its own so that its code (Radix's dialog) loads later. */
export default function LogoutConfirm({ open, pending, onOpenChange, onConfirm }: LogoutConfirmProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Confirm Logout')}
      description={t(
        "Are you sure you want to log out? You'll need to sign in again to access your account.",
      )}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {t('Logout')}
          </Button>
        </>
      }
    />
  );
}
