import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signupFormSchema } from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-values';
import { authApi } from '../../../lib/auth/auth-api';
import { errorText } from '../navigation';

/**
 * Sign-up (spec 01 §2, §4, §5, §8): creates the account WITHOUT signing in, clears cached data and
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
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ firstName, lastName, email, password }) => {
    try {
      await authApi.signup({ firstName, lastName, email, password });
      toast.success('Account created successfully! Please login to continue.');
      queryClient.clear();
      navigate('/login', { state: location.state });
    } catch (error) {
      // A taken e-mail is about the e-mail field: said there, focused, no toast (issue 17 point 7).
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (showServerFieldErrors(error, setError).length) return;
      toast.error(errorText(error, 'Failed to create account. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field id="signup-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            id="signup-first-name"
            autoComplete="given-name"
            {...fieldErrorProps('signup-first-name', errors.firstName?.message)}
            {...register('firstName')}
          />
        </Field>
        <Field id="signup-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            id="signup-last-name"
            autoComplete="family-name"
            {...fieldErrorProps('signup-last-name', errors.lastName?.message)}
            {...register('lastName')}
          />
        </Field>
      </div>
      <Field id="signup-email" label="Email" error={errors.email?.message}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...fieldErrorProps('signup-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field id="signup-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          {...fieldErrorProps('signup-password', errors.password?.message)}
          {...register('password')}
        />
      </Field>
      <Field id="signup-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput
          id="signup-confirm-password"
          autoComplete="new-password"
          revealLabel="confirm password"
          {...fieldErrorProps('signup-confirm-password', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link
          to="/login"
          state={location.state}
          className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
