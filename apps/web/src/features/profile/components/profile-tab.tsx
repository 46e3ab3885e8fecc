import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { msg } from '@escrow/shared/i18n/msg';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { walletLimitsFor } from '@escrow/shared/domain/limits';
import { formatMoney } from '@escrow/shared/domain/money';
import { sameLegalName, type PersonName } from '@escrow/shared/domain/names';
import {
  AUTH_TEXT,
  profileFormSchema,
  type PublicUser,
  type UpdateProfileInput,
} from '@escrow/shared/schemas/auth';
import type { NameChangeImpact } from '@escrow/shared/schemas/identity';
import { NAME_CHANGE_TEXT } from '@escrow/shared/texts/correction';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { formatMonthYear } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useNameChangeImpact, useProfileSummary, useUpdateProfile } from '../api/profile';
import { PictureUpload } from './picture-upload';

const UPDATE_FAILED = msg('Failed to update profile. Please try again.');

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

/** The Profile tab: picture, figures from the server, names and e-mail. */
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
          <LoadingPanel label={t('Loading profile...')} />
        ) : summary.isError ? (
          <ErrorPanel error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure
              label={t('Completed transactions')}
              value={summary.data.stats.completedTransactions}
              testId="completed-count"
            />
            <Figure
              label={t('Active transactions')}
              value={summary.data.stats.activeTransactions}
              testId="active-count"
            />
            <Figure label={t('Role')} value={summary.data.role} />
            <Figure label={t('Member since')} value={formatMonthYear(summary.data.memberSince)} />
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
  const [email, firstName, lastName] = useWatch({ control, name: ['email', 'firstName', 'lastName'] });
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();
  const names = useNameChangeWarning(user, { firstName, lastName });

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
    if (names.withdraws) {
      if (!names.confirmed) return names.askToConfirm();
      patch.confirmVerificationLoss = true;
    }
    try {
      const saved = await update.mutateAsync(patch);
      resetField('currentPassword');
      names.reset();
      toast.success(t(saved.verificationWithdrawn ? NAME_CHANGE_TEXT.saved : AUTH_TEXT.profileUpdated));
    } catch (error) {
      // The checks changed since the form read them (a check passed in another tab): the server's
      // impact is shown, and the user confirms it.
      if (error instanceof ApiError && error.code === 'NAME_CHANGE_NEEDS_CONFIRMATION')
        return names.refusedBy(error);
      toast.error(t(UPDATE_FAILED));
      if (!(error instanceof ApiError)) return;
      if (error.code === 'EMAIL_TAKEN') setError('email', { message: error.message });
      else if (error.code === 'INVALID_CURRENT_PASSWORD' || error.status === 429)
        setError('currentPassword', { message: error.message });
      else setError('root', { message: error.message });
    }
  });

  return (
    <Card>
      <CardTitle>{t('Personal details')}</CardTitle>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id="profile-first-name" label={t('First name')} error={errors.firstName?.message}>
          <Input
            id="profile-first-name"
            autoComplete="given-name"
            {...fieldErrorProps('profile-first-name', errors.firstName?.message)}
            {...register('firstName')}
          />
        </Field>
        <Field id="profile-last-name" label={t('Last name')} error={errors.lastName?.message}>
          <Input
            id="profile-last-name"
            autoComplete="family-name"
            {...fieldErrorProps('profile-last-name', errors.lastName?.message)}
            {...register('lastName')}
          />
        </Field>
        <NameChangeWarning state={names} />
        <div className="sm:col-span-2">
          <Field id="profile-email" label={t('Email')} error={errors.email?.message}>
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
              label={t('Current password (needed to change your email)')}
              error={errors.currentPassword?.message}
            >
              <PasswordInput
                id="profile-current-password"
                autoComplete="current-password"
                revealLabel={t('current password')}
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
            {isSubmitting ? t('Saving...') : t('Save changes')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const CONFIRM_ID = 'profile-confirm-verification-loss';

/**
 * NAME_CHANGE_TEXT.warning in the screens' language: the same sentences, from its ICU message. The
 * checks' labels come from the server, already in the account's language.
 */
function nameChangeWarning(impact: NameChangeImpact): string {
  const labels = impact.checks.map((check) => check.label);
  const checks =
    labels.length <= 1
      ? labels.join('')
      : t(NAME_CHANGE_TEXT.checksInWordsMessage, {
          items: labels.slice(0, -1).join(', '),
          last: labels.at(-1)!,
        });
  return t(NAME_CHANGE_TEXT.warningMessage, {
    checks,
    count: labels.length,
    levelChanged: impact.levelAfter !== impact.verificationLevel ? 'yes' : 'no',
    levelBefore: impact.verificationLevel,
    levelAfter: impact.levelAfter,
    dailyWithdrawal: formatMoney(walletLimitsFor(impact.levelAfter).dailyWithdrawalMinor / 100, 'NGN', 2),
    scoreChanged: impact.trustScoreAfter !== impact.trustScore ? 'yes' : 'no',
    trustScoreBefore: impact.trustScore,
    trustScoreAfter: impact.trustScoreAfter,
  });
}

/**
 * Whether the typed names withdraw verified identity checks (docs/privacy.md "Correct my data"): a
 * different first or last name (more than case, accents or spacing, as the checks compare them) while
 * the server says checks were made under the current one. The server refuses such a change unless
 * confirmed; this says so before saving.
 */
function useNameChangeWarning(user: PublicUser, typed: PersonName) {
  const impact = useNameChangeImpact();
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [refused, setRefused] = useState<NameChangeImpact | null>(null);
  const current = refused ?? impact.data ?? null;
  const renamed = !sameLegalName(typed, user);
  const respelled =
    !renamed && (typed.firstName.trim() !== user.firstName || typed.lastName.trim() !== user.lastName);
  const hasChecks = (current?.checks.length ?? 0) > 0;
  return {
    impact: current,
    withdraws: renamed && hasChecks,
    keeps: respelled && hasChecks,
    confirmed,
    confirmError,
    setConfirmed: (value: boolean) => {
      setConfirmed(value);
      if (value) setConfirmError(null);
    },
    askToConfirm: () => {
      setConfirmError(t(NAME_CHANGE_TEXT.confirmRequired));
      document.getElementById(CONFIRM_ID)?.focus();
    },
    refusedBy: (error: ApiError) => {
      setRefused((error.details as NameChangeImpact | undefined) ?? null);
      setConfirmed(false);
      setConfirmError(error.message);
      void impact.refetch();
    },
    reset: () => {
      setConfirmed(false);
      setConfirmError(null);
      setRefused(null);
    },
  };
}

function NameChangeWarning({ state }: { state: ReturnType<typeof useNameChangeWarning> }) {
  const { impact } = state;
  if (state.keeps)
    return <p className="text-sm text-slate-600 sm:col-span-2">{t(NAME_CHANGE_TEXT.sameNameNote)}</p>;
  if (!state.withdraws || !impact) return null;
  return (
    <div
      role="group"
      aria-labelledby="name-change-warning-title"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2"
    >
      <p id="name-change-warning-title" className="font-semibold">
        {t(NAME_CHANGE_TEXT.warningTitle)}
      </p>
      <p>
        {nameChangeWarning(impact)}{' '}
        <Link to="/app/verification" className="font-medium text-brand-700 hover:underline">
          {t('Verification')}
        </Link>
      </p>
      <label htmlFor={CONFIRM_ID} className="flex items-start gap-2">
        <input
          id={CONFIRM_ID}
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={state.confirmed}
          aria-invalid={state.confirmError ? true : undefined}
          aria-describedby={state.confirmError ? `${CONFIRM_ID}-error` : undefined}
          onChange={(event) => state.setConfirmed(event.target.checked)}
        />
        <span>{t(NAME_CHANGE_TEXT.confirmLabel)}</span>
      </label>
      {state.confirmError ? (
        <p id={`${CONFIRM_ID}-error`} role="alert" className="text-red-700">
          {state.confirmError}
        </p>
      ) : null}
    </div>
  );
}
