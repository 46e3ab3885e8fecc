import { useId, useState } from 'react';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Badge } from '../../../components/ui/panels';
import { useResetTwoFactor } from '../api/users';
import { ADMIN_ONLY_NOTE, isAdmin, type StaffViewer } from '../lib/staff';
import { ReasonDialog } from './reason-dialog';
import { t } from '../../../lib/i18n';
/**
 * Whether the user has two-factor sign-in on, and (ADMIN, for someone who lost their phone and their
 * recovery codes) the audited reset, after checking who they are (docs/security.md "Two-factor sign-in").
 * Another admin resets an admin's own.
 */
export function TwoFactorStatusCard({
  user,
  enabled,
  viewer,
}: {
  user: { id: string; name: string };
  enabled: boolean;
  viewer: StaffViewer;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const admin = isAdmin(viewer);
  const block = !admin
    ? t(ADMIN_ONLY_NOTE)
    : user.id === viewer.id
      ? t(TWO_FACTOR_TEXT.cannotResetOwn)
      : null;
  return (
    <Card>
      <CardTitle>{t(TWO_FACTOR_TEXT.consoleStatus)}</CardTitle>
      <p className="mt-3">
        <Badge tone={enabled ? 'violet' : 'slate'}>
          {enabled ? t(TWO_FACTOR_TEXT.statusOn) : t(TWO_FACTOR_TEXT.statusOff)}
        </Badge>
      </p>
      {enabled ? (
        <div className="mt-4">
          <Button
            variant="danger"
            disabled={block !== null}
            aria-describedby={block ? `${id}-note` : undefined}
            onClick={() => setOpen(true)}
          >
            {t(TWO_FACTOR_TEXT.reset)}
          </Button>
          {block ? (
            <p id={`${id}-note`} className="mt-1 text-xs text-slate-600">
              {block}
            </p>
          ) : null}
        </div>
      ) : null}
      {enabled && block === null ? (
        <ResetTwoFactorDialog user={user} open={open} onOpenChange={setOpen} />
      ) : null}
    </Card>
  );
}

function ResetTwoFactorDialog({
  user,
  open,
  onOpenChange,
}: {
  user: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      action={useResetTwoFactor(user.id)}
      title={t('Reset two-factor sign-in?')}
      description={t(TWO_FACTOR_TEXT.resetIntroMessage, { name: user.name })}
      reasonLabel={t(TWO_FACTOR_TEXT.resetReasonLabel)}
      confirm={t(TWO_FACTOR_TEXT.reset)}
      confirming={t(TWO_FACTOR_TEXT.resetting)}
      done={t(TWO_FACTOR_TEXT.resetByStaff)}
    />
  );
}
