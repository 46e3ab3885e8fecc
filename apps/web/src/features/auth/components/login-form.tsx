import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { loginSchema } from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { useAuth, type TwoFactorChallenge } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { DEFAULT_SIGNED_IN_PATH, errorText, rememberedPath } from '../navigation';
import { markSignedInHere } from '../session-mark';
import { SessionEndedNotice, SuspendedNotice } from './sign-in-notices';
import { TwoFactorStep } from './two-factor-step';

/** An example address: the same in every language. */
const EMAIL_EXAMPLE = 'you@example.com';

/**
 * Sign-in: lands on the page the guard remembered, else the dashboard. Says on the
 * page why a session ended or an account cannot sign in, with the way to support. With two-factor sign-in
 * on, the password earns a challenge and a second step asks for the code; both steps end the
 * same way. The password step's values are kept while the code step shows.
 */
export function LoginForm() {
  const { login } = useAuth();
  const [suspended, setSuspended] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [challengeEnded, setChallengeEnded] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  // Back from an ended challenge: a new one needs the password again, so the focus goes there.
  useEffect(() => {
    if (challengeEnded) setFocus('password');
  }, [challengeEnded, setFocus]);

  function signedIn() {
    markSignedInHere();
    toast.success(t('Successfully signed in!'));
    navigate(rememberedPath(location.state) ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
  }

  const onSubmit = handleSubmit(async (values) => {
    setSuspended(null);
    setChallengeEnded(null);
    try {
      const result = await login(values);
      if ('twoFactor' in result) setChallenge(result.twoFactor);
      else signedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ACCOUNT_SUSPENDED') setSuspended(error.message);
      else toast.error(errorText(error, t('Failed to sign in')));
    }
  });

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={signedIn}
        onBack={() => setChallenge(null)}
        onExpired={(message) => {
          setChallenge(null);
          setChallengeEnded(message);
          setValue('password', '');
        }}
      />
    );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {suspended ? (
        <SuspendedNotice message={suspended} />
      ) : challengeEnded ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          {challengeEnded}
        </p>
      ) : (
        <SessionEndedNotice />
      )}
      <Field id="login-email" label={t('Email')} error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={EMAIL_EXAMPLE}
          {...fieldErrorProps('login-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field id="login-password" label={t('Password')} error={errors.password?.message}>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          {...fieldErrorProps('login-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>
      <div className="flex justify-end">
        <Link
          to="/forgot-password"
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('Forgot your password?')}
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('Signing in...') : t('Sign in')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('Don’t have an account?')}{' '}
        {/* The remembered page travels along, so an invitee who signs up first still lands on it. */}
        <Link
          to="/signup"
          state={location.state}
          className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('Sign up now')}
        </Link>
      </p>
    </form>
  );
}
