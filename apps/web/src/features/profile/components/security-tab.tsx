import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AUTH_TEXT, changePasswordFormSchema, type PublicUser } from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { changePassword, requestResetLink } from '../api/profile';
import { PhoneCard } from './phone-card';
import { SessionsList } from './sessions-list';
import { TwoFactorCard } from './two-factor-card';

const CHANGE_FAILED = 'Failed to change password. Please check your current password.';
const RESET_FAILED = 'Failed to send reset link. Please try again.';

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
      toast.success(AUTH_TEXT.passwordChanged);
    } catch (error) {
      toast.error(CHANGE_FAILED);
      if (error instanceof ApiError) setError('currentPassword', { message: error.message });
    }
  });
  const fields = [
    ['currentPassword', 'Current password', 'current-password'],
    ['newPassword', 'New password', 'new-password'],
    ['confirmPassword', 'Confirm new password', 'new-password'],
  ] as const;
  return (
    <Card>
      <CardTitle>Change password</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        At least 8 characters. Your other devices are signed out when it changes.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
        {fields.map(([name, label, autoComplete]) => (
          <Field key={name} id={`security-${name}`} label={label} error={errors[name]?.message}>
            <PasswordInput
              id={`security-${name}`}
              autoComplete={autoComplete}
              revealLabel={label.toLowerCase()}
              {...fieldErrorProps(`security-${name}`, errors[name]?.message)}
              {...register(name)}
            />
          </Field>
        ))}
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Changing...' : 'Change password'}
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
      toast.success(AUTH_TEXT.resetGeneric);
    } catch {
      setState('idle');
      toast.error(RESET_FAILED);
    }
  };
  return (
    <Card>
      <CardTitle>Forgot your password?</CardTitle>
      <p className="mt-1 text-sm text-slate-600">We can e-mail a link to set a new one to {email}.</p>
      {state === 'sent' ? (
        <p role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          {AUTH_TEXT.resetGeneric}
        </p>
      ) : null}
      <Button variant="secondary" className="mt-3" onClick={() => void send()} disabled={state === 'sending'}>
        {state === 'sending' ? 'Sending...' : 'Send reset link'}
      </Button>
    </Card>
  );
}
