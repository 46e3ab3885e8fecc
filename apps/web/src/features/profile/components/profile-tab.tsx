import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  AUTH_TEXT,
  profileFormSchema,
  type PublicUser,
  type UpdateProfileInput,
} from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { formatMonthYear } from '../../../lib/format';
import { useProfileSummary, useUpdateProfile } from '../api/profile';
import { PictureUpload } from './picture-upload';

const UPDATE_FAILED = 'Failed to update profile. Please try again.';

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Spec 02 §2.9 Profile tab: picture, figures from the server, names and e-mail. */
export function ProfileTab({ user, onSaved }: { user: PublicUser; onSaved: (user: PublicUser) => void }) {
  const summary = useProfileSummary();
  return (
    <div className="space-y-4">
      <Card>
        <PictureUpload user={user} onSaved={onSaved} />
        <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-slate-900">
            {user.firstName} {user.lastName}
          </span>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
            {user.verificationLevel}
          </span>
        </div>
        {summary.isPending ? (
          <LoadingPanel label="Loading profile..." />
        ) : summary.isError ? (
          <ErrorPanel error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure
              label="Completed transactions"
              value={summary.data.stats.completedTransactions}
              testId="completed-count"
            />
            <Figure
              label="Active transactions"
              value={summary.data.stats.activeTransactions}
              testId="active-count"
            />
            <Figure label="Role" value={summary.data.role} />
            <Figure label="Member since" value={formatMonthYear(summary.data.memberSince)} />
          </dl>
        )}
      </Card>
      <DetailsForm user={user} onSaved={onSaved} />
    </div>
  );
}

function DetailsForm({ user, onSaved }: { user: PublicUser; onSaved: (user: PublicUser) => void }) {
  const update = useUpdateProfile(onSaved);
  const {
    register,
    handleSubmit,
    control,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileFormSchema),
    values: { firstName: user.firstName, lastName: user.lastName, email: user.email, currentPassword: '' },
  });
  const emailChanged = useWatch({ control, name: 'email' }).trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = handleSubmit(async (values) => {
    const patch: UpdateProfileInput = { firstName: values.firstName, lastName: values.lastName };
    if (emailChanged) {
      if (!values.currentPassword) {
        setError('currentPassword', { message: AUTH_TEXT.currentPasswordNeededForEmail });
        return;
      }
      patch.email = values.email;
      patch.currentPassword = values.currentPassword;
    }
    try {
      await update.mutateAsync(patch);
      resetField('currentPassword');
      toast.success(AUTH_TEXT.profileUpdated);
    } catch (error) {
      toast.error(UPDATE_FAILED);
      if (!(error instanceof ApiError)) return;
      if (error.code === 'EMAIL_TAKEN') setError('email', { message: error.message });
      else if (error.code === 'INVALID_CURRENT_PASSWORD' || error.status === 429)
        setError('currentPassword', { message: error.message });
      else setError('root', { message: error.message });
    }
  });

  return (
    <Card>
      <CardTitle>Personal details</CardTitle>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id="profile-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            id="profile-first-name"
            autoComplete="given-name"
            {...fieldErrorProps('profile-first-name', errors.firstName?.message)}
            {...register('firstName')}
          />
        </Field>
        <Field id="profile-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            id="profile-last-name"
            autoComplete="family-name"
            {...fieldErrorProps('profile-last-name', errors.lastName?.message)}
            {...register('lastName')}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="profile-email" label="Email" error={errors.email?.message}>
            <Input
              id="profile-email"
              type="email"
              autoComplete="email"
              {...fieldErrorProps('profile-email', errors.email?.message)}
              {...register('email')}
            />
          </Field>
        </div>
        {emailChanged ? (
          <div className="sm:col-span-2">
            <Field
              id="profile-current-password"
              label="Current password (needed to change your email)"
              error={errors.currentPassword?.message}
            >
              <PasswordInput
                id="profile-current-password"
                autoComplete="current-password"
                revealLabel="current password"
                {...fieldErrorProps('profile-current-password', errors.currentPassword?.message)}
                {...register('currentPassword')}
              />
            </Field>
          </div>
        ) : null}
        {errors.root?.message ? (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {errors.root.message}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
