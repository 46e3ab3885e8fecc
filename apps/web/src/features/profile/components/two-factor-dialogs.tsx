import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { disableTwoFactorSchema, renewRecoveryCodesSchema } from '@escrow/shared/schemas/two-factor';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { Button } from '../../../components/ui/button';
import { CodeInput } from '../../../components/ui/code-input';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { showRefusalOnField } from '../../../lib/form-values';
import { useDisableTwoFactor, useNewRecoveryCodes } from '../api/two-factor';

/**
 * New recovery codes: a code from the app first (whoever holds only the session cannot take over the
 * account's recovery), then the new codes go to the card, which shows them once.
 */
export function NewRecoveryCodesDialog({
  open,
  onOpenChange,
  onMade,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMade: (recoveryCodes: string[]) => void;
}) {
  const id = useId();
  const make = useNewRecoveryCodes();
  const form = useForm({ resolver: zodResolver(renewRecoveryCodesSchema), defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;

  function close(next: boolean) {
    if (make.isPending) return;
    if (!next) form.reset();
    onOpenChange(next);
  }

  const submit = form.handleSubmit(({ code }) =>
    make.mutateAsync(code).then(
      ({ recoveryCodes }) => {
        toast.success(t(TWO_FACTOR_TEXT.recoveryCodesRenewed));
        form.reset();
        onOpenChange(false);
        onMade(recoveryCodes);
      },
      (failure: unknown) => {
        form.setValue('code', '');
        showRefusalOnField(failure, form.setError, 'code');
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(TWO_FACTOR_TEXT.newRecoveryCodes)}
      description={t(TWO_FACTOR_TEXT.newRecoveryCodesIntro)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={make.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={make.isPending}>
            {t(make.isPending ? TWO_FACTOR_TEXT.confirming : TWO_FACTOR_TEXT.makeCodes)}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field id={`${id}-code`} label={t(TWO_FACTOR_TEXT.codeLabel)} error={error}>
          <CodeInput
            id={`${id}-code`}
            aria-required
            {...fieldErrorProps(`${id}-code`, error)}
            {...form.register('code')}
          />
        </Field>
      </form>
    </Dialog>
  );
}

const PASSWORD_REFUSALS = new Set(['INVALID_CURRENT_PASSWORD', 'INVALID_CREDENTIALS']);

/** Turn off: the password and a code, as the server asks (a stolen session alone cannot turn it off). */
export function TurnOffTwoFactorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const disable = useDisableTwoFactor();
  const form = useForm({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;

  function close(next: boolean) {
    if (disable.isPending) return;
    if (!next) form.reset();
    onOpenChange(next);
  }

  const submit = form.handleSubmit((body) =>
    disable.mutateAsync(body).then(
      () => {
        toast.success(t(TWO_FACTOR_TEXT.disabled));
        form.reset();
        onOpenChange(false);
      },
      (failure: unknown) => {
        form.setValue('code', '');
        // A wrong password is the password's fault; anything else (a wrong code) is the code's.
        const onPassword = failure instanceof ApiError && PASSWORD_REFUSALS.has(failure.code ?? '');
        showRefusalOnField(failure, form.setError, onPassword ? 'password' : 'code');
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t(TWO_FACTOR_TEXT.turnOffTitle)}
      description={t(TWO_FACTOR_TEXT.turnOffIntro)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={disable.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" disabled={disable.isPending}>
            {t(disable.isPending ? TWO_FACTOR_TEXT.turningOff : TWO_FACTOR_TEXT.turnOff)}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="space-y-3">
        <Field id={`${id}-password`} label={t('Password')} error={errors.password?.message}>
          <PasswordInput
            id={`${id}-password`}
            autoComplete="current-password"
            aria-required
            {...fieldErrorProps(`${id}-password`, errors.password?.message)}
            {...form.register('password')}
          />
        </Field>
        <Field id={`${id}-code`} label={t(TWO_FACTOR_TEXT.codeLabel)} error={errors.code?.message}>
          <CodeInput
            id={`${id}-code`}
            aria-required
            {...fieldErrorProps(`${id}-code`, errors.code?.message)}
            {...form.register('code')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
