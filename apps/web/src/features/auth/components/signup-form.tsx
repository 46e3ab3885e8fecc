import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_TEXT, signupFormSchema } from '@escrow/shared/schemas/auth';
import { CONSENT_TEXT, PRIVACY_NOTICE_PATH } from '@escrow/shared/texts/privacy-notice';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-values';
import { authApi } from '../../../lib/auth/auth-api';
import { currentLanguage, t } from '../../../lib/i18n';
import { errorText } from '../navigation';

/** An example address: the same in every language. */
const EMAIL_EXAMPLE = 'you@example.com';

/**
 * Sign-up: creates the account WITHOUT signing in, clears cached data and
 * goes to sign-in, keeping the page the guard remembered.
 */
export function SignupForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptPrivacyNotice: false,
    },
  });

  const onSubmit = handleSubmit(async ({ firstName, lastName, email, password }) => {
    try {
      // The form refuses to submit unticked; the server records the notice version and the time. The
      // language the screens show (the switcher's) becomes the account's.
      await authApi.signup({
        firstName,
        lastName,
        email,
        password,
        acceptPrivacyNotice: true,
        language: currentLanguage(),
      });
      toast.success(t(AUTH_TEXT.signupDone));
      queryClient.clear();
      navigate('/login', { state: location.state });
    } catch (error) {
      // A taken e-mail is about the e-mail field: said there, focused, no toast.
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (showServerFieldErrors(error, setError).length) return;
      toast.error(errorText(error, t('Failed to create account. Please try again.')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field id="signup-first-name" label={t('First name')} error={errors.firstName?.message}>
          <Input
            id="signup-first-name"
            autoComplete="given-name"
            {...fieldErrorProps('signup-first-name', errors.firstName?.message)}
            {...register('firstName')}
          />
        </Field>
        <Field id="signup-last-name" label={t('Last name')} error={errors.lastName?.message}>
          <Input
            id="signup-last-name"
            autoComplete="family-name"
            {...fieldErrorProps('signup-last-name', errors.lastName?.message)}
            {...register('lastName')}
          />
        </Field>
      </div>
      <Field id="signup-email" label={t('Email')} error={errors.email?.message}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={EMAIL_EXAMPLE}
          {...fieldErrorProps('signup-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field id="signup-password" label={t('Password')} error={errors.password?.message}>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          {...fieldErrorProps('signup-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>
      <Field
        id="signup-confirm-password"
        label={t('Confirm password')}
        error={errors.confirmPassword?.message}
      >
        <PasswordInput
          id="signup-confirm-password"
          autoComplete="new-password"
          revealLabel={t('confirm password')}
          {...fieldErrorProps('signup-confirm-password', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </Field>
      <div>
        <div className="flex items-start gap-2">
          <input
            id="signup-accept-privacy"
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
            aria-required
            {...fieldErrorProps('signup-accept-privacy', errors.acceptPrivacyNotice?.message)}
            {...register('acceptPrivacyNotice')}
          />
          <label htmlFor="signup-accept-privacy" className="text-sm text-slate-700">
            {t(CONSENT_TEXT.checkboxBefore)}
            {/* A new tab, so what was typed here stays while the notice is read. */}
            <a
              href={PRIVACY_NOTICE_PATH}
              target="_blank"
              rel="noopener"
              className="font-medium text-brand-800 underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t(CONSENT_TEXT.linkLabel)}
            </a>
          </label>
        </div>
        {errors.acceptPrivacyNotice?.message ? (
          <p id="signup-accept-privacy-error" role="alert" className="mt-1 text-sm text-red-600">
            {t(errors.acceptPrivacyNotice.message)}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('Creating account...') : t('Create account')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('Already have an account?')}{' '}
        <Link
          to="/login"
          state={location.state}
          className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('Sign in')}
        </Link>
      </p>
    </form>
  );
}
