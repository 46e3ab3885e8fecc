import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AUTH_TEXT, resetPasswordSchema } from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { authApi } from '../../../lib/auth/auth-api';
import { t } from '../../../lib/i18n';

/** An example address: the same in every language. */
const EMAIL_EXAMPLE = 'you@example.com';

const linkClass =
  'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * Reset-link request. The answer is the same generic text whether or not the account exists, so the
 * screen never reveals who has an account.
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await authApi.resetPassword(email);
      setSent(true);
      toast.success(t(AUTH_TEXT.resetGeneric));
    } catch {
      toast.error(t('Failed to send reset link. Please try again.'));
    }
  });

  if (sent) {
    return (
      <div className="flex flex-col gap-5">
        <p role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          {t(AUTH_TEXT.resetGeneric)}
        </p>
        <p className="text-sm text-slate-600">
          {t('The link in the e-mail is valid for a limited time. Didn’t get it? Check your spam folder, or')}{' '}
          <button type="button" onClick={() => setSent(false)} className={linkClass}>
            {t('send another link')}
          </button>
          .
        </p>
        <Link to="/login" className={linkClass}>
          {t('Back to sign in')}
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field id="forgot-email" label={t('Email')} error={errors.email?.message}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={EMAIL_EXAMPLE}
          {...fieldErrorProps('forgot-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('Sending...') : t('Send reset link')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('Remembered it?')}{' '}
        <Link to="/login" className={linkClass}>
          {t('Back to sign in')}
        </Link>
      </p>
    </form>
  );
}
