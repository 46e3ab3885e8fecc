import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { startPhoneVerificationSchema, verifyPhoneSchema } from '@escrow/shared/schemas/phone';
import { PHONE_TEXT } from '@escrow/shared/texts/phone';
import { Button } from '../../../components/ui/button';
import { CodeInput } from '../../../components/ui/code-input';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { formatTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { showRefusalOnField } from '../../../lib/form-values';
import { failureText } from '../../../lib/money-mutation';
import { useNow } from '../../../lib/use-now';
import { useStartPhoneVerification, useVerifyPhone } from '../api/phone';

/** The number to verify (Nigerian mobile numbers only, the server's own schema and messages). */
export function PhoneNumberForm({
  initialPhone,
  onSent,
  onCancel,
}: {
  initialPhone: string;
  onSent: (phone: string) => void;
  onCancel?: (() => void) | undefined;
}) {
  const id = useId();
  const start = useStartPhoneVerification();
  const form = useForm({
    resolver: zodResolver(startPhoneVerificationSchema),
    defaultValues: { phone: initialPhone },
  });
  const error = form.formState.errors.phone?.message;

  const submit = form.handleSubmit(({ phone }) =>
    start.mutateAsync(phone).then(
      () => {
        toast.success(t(PHONE_TEXT.codeSent));
        onSent(phone);
      },
      (failure: unknown) => showRefusalOnField(failure, form.setError, 'phone'),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <Field id={`${id}-phone`} label={t(PHONE_TEXT.phoneLabel)} error={error}>
        <Input
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={PHONE_TEXT.phonePlaceholder}
          aria-required
          className="max-w-64"
          {...fieldErrorProps(`${id}-phone`, error)}
          {...form.register('phone')}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={start.isPending}>
          {t(start.isPending ? PHONE_TEXT.sending : PHONE_TEXT.sendCode)}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={start.isPending}>
            {t('Cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The code step: where the code went (masked) and until when, the code (focused as the step appears
 * after a send from this page, not when the tab merely opens on a code still awaited), and a new code,
 * with the hourly limit said beside it. A new code needs the number again when this page did not send
 * the first one (after a reload the server shows it only masked).
 */
export function PhoneCodeForm({
  pending,
  typedPhone,
  onChangeNumber,
  onVerified,
}: {
  pending: { phone: string; expiresAt: string };
  typedPhone: string | null;
  onChangeNumber: () => void;
  onVerified: () => void;
}) {
  const id = useId();
  const now = useNow(15_000);
  const verify = useVerifyPhone();
  const resend = useStartPhoneVerification();
  const [resendError, setResendError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(verifyPhoneSchema), defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;
  const expired = new Date(pending.expiresAt).getTime() <= now.getTime();
  const { setFocus } = form;
  const sentHere = typedPhone !== null;
  useEffect(() => {
    if (sentHere) setFocus('code');
  }, [setFocus, sentHere, pending.expiresAt]);

  const submit = form.handleSubmit(({ code }) =>
    verify.mutateAsync(code).then(
      () => {
        toast.success(t(PHONE_TEXT.verified));
        onVerified();
      },
      (failure: unknown) => {
        form.setValue('code', '');
        showRefusalOnField(failure, form.setError, 'code');
      },
    ),
  );

  function sendAgain() {
    if (!typedPhone) return onChangeNumber();
    setResendError(null);
    resend.mutate(typedPhone, {
      onSuccess: () => {
        form.reset();
        toast.success(t(PHONE_TEXT.codeSent));
      },
      onError: (failure) => setResendError(failureText(failure, t(PHONE_TEXT.smsUnavailable))),
    });
  }

  return (
    <div className="mt-3 space-y-3">
      <p id={`${id}-sent`} className="text-sm text-slate-700">
        {t(PHONE_TEXT.codeSentToMessage, { phone: pending.phone })}{' '}
        {expired ? (
          <span className="font-medium text-red-700">{t(PHONE_TEXT.codeExpired)}</span>
        ) : (
          t(PHONE_TEXT.expiresAtMessage, { time: formatTime(pending.expiresAt) })
        )}
      </p>
      <form onSubmit={submit} noValidate className="space-y-3">
        <Field id={`${id}-code`} label={t(PHONE_TEXT.codeLabel)} error={error}>
          <CodeInput
            id={`${id}-code`}
            aria-required
            {...fieldErrorProps(`${id}-code`, error)}
            {...(error ? {} : { 'aria-describedby': `${id}-sent` })}
            {...form.register('code')}
          />
        </Field>
        <Button type="submit" disabled={verify.isPending}>
          {t(verify.isPending ? PHONE_TEXT.verifying : PHONE_TEXT.verify)}
        </Button>
      </form>
      <div className="space-y-1 border-t border-slate-100 pt-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={sendAgain} disabled={resend.isPending}>
            {t(resend.isPending ? PHONE_TEXT.sending : PHONE_TEXT.resend)}
          </Button>
          <Button variant="ghost" size="sm" onClick={onChangeNumber}>
            {t(PHONE_TEXT.changeNumber)}
          </Button>
        </div>
        <p className="text-xs text-slate-600">{t(PHONE_TEXT.sendLimit)}</p>
        {resendError ? (
          <p role="alert" className="text-sm text-red-600">
            {resendError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
