import { useId, useState } from 'react';
import { toast } from 'sonner';
import { VERIFICATION_LEVELS, type VerificationLevel } from '@escrow/shared/schemas/auth';
import { ADMIN_TEXT, type AdminUserDetail } from '@escrow/shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/input';
import { formatDateTime } from '../../../lib/format';
import { useReinstateUser, useSetVerificationLevel } from '../api/users';
import { fullName } from '../../../widgets/disputes/dispute-labels';
import { ADMIN_ONLY_NOTE, isAdmin, type StaffViewer } from '../lib/staff';
import { Select } from '../../../components/ui/panels';
import { SuspendDialog } from './suspend-dialog';
import { t } from '../../../lib/i18n';

type User = AdminUserDetail['user'];

/**
 * The ADMIN-only account actions (docs/product.md "People and roles"): suspend, reinstate, verification
 * level. SUPPORT sees them disabled with the reason, so nobody wonders where they went.
 */
export function AccountActions({ user, viewer }: { user: User; viewer: StaffViewer }) {
  // A closed account is final: nothing here applies to it, and the server refuses every action.
  if (user.closedAt)
    return (
      <Card>
        <CardTitle>{t('Account actions')}</CardTitle>
        <p className="mt-1 text-sm text-slate-700">{t(ADMIN_TEXT.accountClosed)}.</p>
      </Card>
    );
  return <OpenAccountActions user={user} viewer={viewer} />;
}

function OpenAccountActions({ user, viewer }: { user: User; viewer: StaffViewer }) {
  const id = useId();
  const admin = isAdmin(viewer);
  const [dialog, setDialog] = useState<'suspend' | 'reinstate' | 'level' | null>(null);
  const [level, setLevel] = useState<VerificationLevel>(user.verificationLevel);
  const name = fullName(user);
  const suspendBlock = !admin
    ? ADMIN_ONLY_NOTE
    : user.id === viewer.id
      ? ADMIN_TEXT.cannotSuspendSelf
      : user.role !== 'USER'
        ? ADMIN_TEXT.cannotSuspendStaff
        : null;

  return (
    <Card>
      <CardTitle>{t('Account actions')}</CardTitle>
      {!admin ? (
        <p id={`${id}-note`} className="mt-1 text-sm text-amber-800">
          {t(ADMIN_ONLY_NOTE)}
        </p>
      ) : null}

      <div className="mt-4 space-y-5">
        <div>
          {user.suspendedAt ? (
            <>
              <p className="mb-2 text-sm text-red-800">
                {user.suspensionReason
                  ? t('Suspended {date}: {reason}', {
                      date: formatDateTime(user.suspendedAt),
                      reason: user.suspensionReason,
                    })
                  : t('Suspended {date}', { date: formatDateTime(user.suspendedAt) })}
              </p>
              <Button
                variant="secondary"
                disabled={!admin}
                aria-describedby={!admin ? `${id}-note` : undefined}
                onClick={() => setDialog('reinstate')}
              >
                {t('Reinstate')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="danger"
                disabled={suspendBlock !== null}
                aria-describedby={!admin ? `${id}-note` : suspendBlock ? `${id}-suspend-note` : undefined}
                onClick={() => setDialog('suspend')}
              >
                {t('Suspend')}
              </Button>
              {admin && suspendBlock ? (
                <p id={`${id}-suspend-note`} className="mt-1 text-xs text-slate-600">
                  {t(suspendBlock)}
                </p>
              ) : null}
            </>
          )}
        </div>

        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-40">
            <Label htmlFor={`${id}-level`}>{t('Verification level')}</Label>
            <Select
              id={`${id}-level`}
              value={level}
              disabled={!admin}
              aria-describedby={!admin ? `${id}-note` : undefined}
              onChange={(event) => setLevel(event.target.value as VerificationLevel)}
            >
              {VERIFICATION_LEVELS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="secondary"
            disabled={!admin || level === user.verificationLevel}
            aria-describedby={!admin ? `${id}-note` : undefined}
            onClick={() => setDialog('level')}
          >
            {t('Change level')}
          </Button>
        </div>
      </div>

      {admin ? (
        <>
          <SuspendDialog
            userId={user.id}
            userName={name}
            open={dialog === 'suspend'}
            onOpenChange={(open) => setDialog(open ? 'suspend' : null)}
          />
          <ReinstateDialog user={user} open={dialog === 'reinstate'} onClose={() => setDialog(null)} />
          <LevelDialog
            user={user}
            level={level}
            open={dialog === 'level'}
            onClose={(changed) => {
              if (!changed) setLevel(user.verificationLevel);
              setDialog(null);
            }}
          />
        </>
      ) : null}
    </Card>
  );
}

function ReinstateDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const reinstate = useReinstateUser(user.id);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (!next && !reinstate.isPending ? onClose() : undefined)}
      title={t('Reinstate user')}
      description={t('{name} will be able to sign in again.', { name: fullName(user) })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={reinstate.isPending}>
            {t('Cancel')}
          </Button>
          <Button
            disabled={reinstate.isPending}
            onClick={() =>
              reinstate.mutate(undefined, {
                onSuccess: () => {
                  toast.success(t(ADMIN_TEXT.reinstated));
                  onClose();
                },
                onError: (error) => toast.error(error.message),
              })
            }
          >
            {reinstate.isPending ? t('Reinstating...') : t('Reinstate user')}
          </Button>
        </>
      }
    >
      {reinstate.error ? (
        <p role="alert" className="text-sm text-red-600">
          {reinstate.error.message}
        </p>
      ) : null}
    </Dialog>
  );
}

function LevelDialog({
  user,
  level,
  open,
  onClose,
}: {
  user: User;
  level: VerificationLevel;
  open: boolean;
  onClose: (changed: boolean) => void;
}) {
  const setVerificationLevel = useSetVerificationLevel(user.id);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (!next && !setVerificationLevel.isPending ? onClose(false) : undefined)}
      title={t('Change verification level')}
      description={t('{name}: {from} → {to}. Deposit and withdrawal limits follow the level.', {
        name: fullName(user),
        from: user.verificationLevel,
        to: level,
      })}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => onClose(false)}
            disabled={setVerificationLevel.isPending}
          >
            {t('Cancel')}
          </Button>
          <Button
            disabled={setVerificationLevel.isPending}
            onClick={() =>
              setVerificationLevel.mutate(level, {
                onSuccess: () => {
                  toast.success(t(ADMIN_TEXT.levelChanged));
                  onClose(true);
                },
                onError: (error) => toast.error(error.message),
              })
            }
          >
            {setVerificationLevel.isPending ? t('Saving...') : t('Change level')}
          </Button>
        </>
      }
    >
      {setVerificationLevel.error ? (
        <p role="alert" className="text-sm text-red-600">
          {setVerificationLevel.error.message}
        </p>
      ) : null}
    </Dialog>
  );
}
