import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { msg } from '@escrow/shared/i18n/msg';
import { toast } from 'sonner';
import { AUTH_TEXT, changePasswordFormSchema, type PublicUser } from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { changePassword, requestResetLink } from '../api/profile';
import { PhoneCard } from './phone-card';
import { SessionsList } from './sessions-list';
import { TwoFactorCard } from './two-factor-card';

const CHANGE_FAILED = msg('Failed to change password. Please check your current password.');
const RESET_FAILED = msg('Failed to send reset link. Please try again.');

/**
 * The Security tab: change password, reset link, two-factor sign-in and the phone number
 * (docs/security.md), and the signed-in devices.
 */
export function SecurityTab({ user }: { user: PublicUser }) {
  return (
    <div className="space-y-4">
      <ChangePasswordCard />
      <ResetLinkCard email={user.email} />
      <TwoFactorCard email={user.email} />
      <PhoneCard />
      <SessionsList />
    </div>
  );
}

function ChangePasswordCard() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword({ currentPassword, newPassword });
      reset();
      toast.success(t(AUTH_TEXT.passwordChanged));
    } catch (error) {
      toast.error(t(CHANGE_FAILED));
      if (error instanceof ApiError) setError('currentPassword', { message: error.message });
    }
  });
  // Each field's label, and what its show/hide toggle names (read by screen readers).
  const fields = [
    ['currentPassword', t('Current password'), 'current-password', t('current password')],
    ['newPassword', t('New password'), 'new-password', t('new password')],
    ['confirmPassword', t('Confirm new password'), 'new-password', t('confirm new password')],
  ] as const;
  return (
    <Card>
      <CardTitle>{t('Change password')}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {t('At least 8 characters. Your other devices are signed out when it changes.')}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
        {fields.map(([name, label, autoComplete, revealLabel]) => (
          <Field key={name} id={`security-${name}`} label={label} error={errors[name]?.message}>
            <PasswordInput
              id={`security-${name}`}
              autoComplete={autoComplete}
              revealLabel={revealLabel}
              {...fieldErrorProps(`security-${name}`, errors[name]?.message)}
              {...register(name)}
            />
          </Field>
        ))}
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('Changing...') : t('Change password')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ResetLinkCard({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await requestResetLink(email);
      setState('sent');
      toast.success(t(AUTH_TEXT.resetGeneric));
    } catch {
      setState('idle');
      toast.error(t(RESET_FAILED));
    }
  };
  return (
    <Card>
      <CardTitle>{t('Forgot your password?')}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {t('We can e-mail a link to set a new one to {email}.', { email })}
      </p>
      {state === 'sent' ? (
        <p role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          {t(AUTH_TEXT.resetGeneric)}
        </p>
      ) : null}
      <Button variant="secondary" className="mt-3" onClick={() => void send()} disabled={state === 'sending'}>
        {state === 'sending' ? t('Sending...') : t('Send reset link')}
      </Button>
    </Card>
  );
}
