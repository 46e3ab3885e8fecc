import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { AUTH_TEXT, setNewPasswordSchema } from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { authApi } from '../../../lib/auth/auth-api';
import { t } from '../../../lib/i18n';
import { errorText } from '../navigation';

// The API's own rule for the new password (≥ 8, with its text), plus the confirmation field.
const newPasswordFormSchema = setNewPasswordSchema
  .pick({ newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: AUTH_TEXT.newPasswordsDontMatch,
    path: ['confirmPassword'],
  });

const linkClass =
  'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** Sets a new password with the single-use token from the reset e-mail. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setLinkError(null);
    try {
      await authApi.setNewPassword(token, newPassword);
      toast.success(t(AUTH_TEXT.passwordChanged));
      navigate('/login', { replace: true });
    } catch (error) {
      // An invalid, used or expired link (400) is final: say so by the form and offer a new link.
      // Anything else (network, rate limit) may pass on a retry, so it is only a toast.
      if (error instanceof ApiError && error.status === 400) setLinkError(error.message);
      else toast.error(errorText(error, t('Failed to change password. Please try again.')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {linkError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{linkError}</p>
          <Link to="/forgot-password" className={`mt-2 inline-block ${linkClass}`}>
            {t('Request a new reset link')}
          </Link>
        </div>
      ) : null}
      <Field id="reset-new-password" label={t('New password')} error={errors.newPassword?.message}>
        <PasswordInput
          id="reset-new-password"
          autoComplete="new-password"
          revealLabel={t('new password')}
          {...fieldErrorProps('reset-new-password', errors.newPassword?.message)}
          {...register('newPassword')}
        />
      </Field>
      <Field
        id="reset-confirm-password"
        label={t('Confirm new password')}
        error={errors.confirmPassword?.message}
      >
        <PasswordInput
          id="reset-confirm-password"
          autoComplete="new-password"
          revealLabel={t('confirm new password')}
          {...fieldErrorProps('reset-confirm-password', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('Saving...') : t('Set new password')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        <Link to="/login" className={linkClass}>
          {t('Back to sign in')}
        </Link>
      </p>
    </form>
  );
}
