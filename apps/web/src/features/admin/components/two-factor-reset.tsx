import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { resetTwoFactorSchema } from '@escrow/shared/schemas/admin';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Badge, Textarea } from '../../../components/ui/panels';
import { showRefusalOnField } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useResetTwoFactor } from '../api/users';
import { ADMIN_ONLY_NOTE, isAdmin, type StaffViewer } from '../lib/staff';

type ResetInput = z.input<typeof resetTwoFactorSchema>;
type ResetBody = z.output<typeof resetTwoFactorSchema>;

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
  const block = !admin ? ADMIN_ONLY_NOTE : user.id === viewer.id ? TWO_FACTOR_TEXT.cannotResetOwn : null;
  return (
    <Card>
      <CardTitle>{TWO_FACTOR_TEXT.consoleStatus}</CardTitle>
      <p className="mt-3">
        <Badge tone={enabled ? 'violet' : 'slate'}>
          {enabled ? TWO_FACTOR_TEXT.statusOn : TWO_FACTOR_TEXT.statusOff}
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
            {TWO_FACTOR_TEXT.reset}
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
  const id = useId();
  const reset = useResetTwoFactor(user.id);
  const form = useForm<ResetInput, unknown, ResetBody>({
    resolver: zodResolver(resetTwoFactorSchema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.reason?.message;

  function close(next: boolean) {
    if (reset.isPending) return;
    if (!next) {
      form.reset();
      reset.reset();
    }
    onOpenChange(next);
  }

  const submit = form.handleSubmit((body) =>
    reset.mutateAsync(body).then(
      () => {
        toast.success(TWO_FACTOR_TEXT.resetByStaff);
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
      title={`${TWO_FACTOR_TEXT.reset}?`}
      description={TWO_FACTOR_TEXT.resetIntro(user.name)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={reset.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" disabled={reset.isPending}>
            {reset.isPending ? TWO_FACTOR_TEXT.resetting : TWO_FACTOR_TEXT.reset}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field id={`${id}-reason`} label={TWO_FACTOR_TEXT.resetReasonLabel} error={error}>
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
