import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { msg } from '@escrow/shared/i18n/msg';
import {
  bvnFormSchema,
  IDENTITY_NUMBER_LENGTH,
  ninFormSchemaFor,
  VERIFICATION_TEXT,
  type BvnForm,
  type NinForm,
  type VerificationResult,
} from '@escrow/shared/schemas/identity';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { DATE_FORMAT_HINT, dateValue, deviceClock } from '../../../lib/dates';
import { showServerFieldErrors } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { failureMessage, useVerifyIdentity } from '../api/verification';
import { IdentityCheckResult, type CheckOutcome } from './identity-check-result';
import { IdentityCheckNotice, identityNoticeId } from './identity-check-notice';

export type ProfileNames = { firstName: string; lastName: string };
export type IdentityCheckKind = 'nin' | 'bvn';

/** The form's own shape; each field keeps the rule and message of the shared schema it comes from. */
type CheckValues = { number: string; firstName: string; lastName: string; extra: string };

type CheckSpec = {
  name: string;
  level: string;
  schema: z.ZodType<CheckValues, CheckValues>;
  /**
   * The third detail; a date is typed dd/mm/yyyy and read into the ISO date the server expects. Its
   * label is an English message id, with `labelParams` for its placeholders.
   */
  extra: {
    id: string;
    label: string;
    labelParams?: Record<string, string>;
    field: string;
    date?: true;
    input?: InputHTMLAttributes<HTMLInputElement>;
  };
  verified: string;
  failed: string;
  toBody: (values: CheckValues) => NinForm | BvnForm;
};

const ninFormSchema = ninFormSchemaFor(deviceClock);

/** NIN and BVN differ only in the number's name, the third detail and the level gained. */
const CHECKS: Record<IdentityCheckKind, CheckSpec> = {
  nin: {
    name: 'NIN',
    level: 'ENHANCED',
    schema: z.object({
      number: ninFormSchema.shape.nin,
      firstName: ninFormSchema.shape.firstName,
      lastName: ninFormSchema.shape.lastName,
      extra: ninFormSchema.shape.dateOfBirth,
    }),
    extra: {
      id: 'nin-dob',
      label: msg('Date of birth ({format})'),
      labelParams: { format: DATE_FORMAT_HINT },
      field: 'dateOfBirth',
      date: true,
      input: { autoComplete: 'bday' },
    },
    verified: VERIFICATION_TEXT.ninVerified,
    failed: VERIFICATION_TEXT.ninFailed,
    toBody: ({ number, firstName, lastName, extra }) => ({
      nin: number,
      firstName,
      lastName,
      dateOfBirth: extra,
    }),
  },
  bvn: {
    name: 'BVN',
    level: 'PREMIUM',
    schema: z.object({
      number: bvnFormSchema.shape.bvn,
      firstName: bvnFormSchema.shape.firstName,
      lastName: bvnFormSchema.shape.lastName,
      extra: bvnFormSchema.shape.phoneNumber,
    }),
    extra: {
      id: 'bvn-phone',
      label: msg('Phone number'),
      field: 'phoneNumber',
      input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '08031234567' },
    },
    verified: VERIFICATION_TEXT.bvnVerified,
    failed: VERIFICATION_TEXT.bvnFailed,
    toBody: ({ number, firstName, lastName, extra }) => ({
      bvn: number,
      firstName,
      lastName,
      phoneNumber: extra,
    }),
  },
};

/** The form's field for a path of the request body ('nin' → 'number'), or null when it has none. */
function formFieldOf(path: string, check: CheckSpec): keyof CheckValues | null {
  if (path === check.extra.field) return 'extra';
  if (path === 'nin' || path === 'bvn') return 'number';
  return path === 'firstName' || path === 'lastName' ? path : null;
}

/** The NIN or BVN Verification tab: the number, the profile's names and the third detail, then the result. */
export function IdentityCheckForm({
  kind,
  names,
  onVerified,
}: {
  kind: IdentityCheckKind;
  names: ProfileNames;
  onVerified: (result: VerificationResult) => void;
}) {
  const check = CHECKS[kind];
  const verify = useVerifyIdentity(kind);
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CheckValues>({
    resolver: zodResolver(check.schema),
    defaultValues: { number: '', firstName: names.firstName, lastName: names.lastName, extra: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const result = await verify.mutateAsync(check.toBody(values));
      setOutcome({ ok: true, message: t(check.verified), result });
      onVerified(result);
    } catch (error) {
      // A 400 naming a field shows on that field; any other refusal is the check's outcome.
      if (showServerFieldErrors(error, setError, (path) => formFieldOf(path, check)).length) return;
      setOutcome({ ok: false, message: failureMessage(error, t(check.failed)) });
    }
  });
  const ExtraInput = check.extra.date ? DateInput : Input;
  const ids = { number: kind, firstName: `${kind}-first-name`, lastName: `${kind}-last-name` };
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-lg flex-col gap-4">
      <p className="text-sm text-slate-600">
        {t(
          'Use the names on your profile; they must match the names on your {name}. A verified {name} raises your level to {level}.',
          { name: check.name, level: check.level },
        )}
      </p>
      <IdentityCheckNotice kind={kind === 'nin' ? 'NIN' : 'BVN'} />
      <Field id={ids.number} label={check.name} error={errors.number?.message}>
        <Input
          id={ids.number}
          inputMode="numeric"
          autoComplete="off"
          maxLength={IDENTITY_NUMBER_LENGTH}
          placeholder={t('11 digits')}
          {...fieldErrorProps(ids.number, errors.number?.message)}
          {...register('number')}
        />
      </Field>
      <Field id={ids.firstName} label={t('First name')} error={errors.firstName?.message}>
        <Input
          id={ids.firstName}
          autoComplete="given-name"
          {...fieldErrorProps(ids.firstName, errors.firstName?.message)}
          {...register('firstName')}
        />
      </Field>
      <Field id={ids.lastName} label={t('Last name')} error={errors.lastName?.message}>
        <Input
          id={ids.lastName}
          autoComplete="family-name"
          {...fieldErrorProps(ids.lastName, errors.lastName?.message)}
          {...register('lastName')}
        />
      </Field>
      <Field
        id={check.extra.id}
        label={t(check.extra.label, check.extra.labelParams)}
        error={errors.extra?.message}
      >
        <ExtraInput
          id={check.extra.id}
          {...check.extra.input}
          {...fieldErrorProps(check.extra.id, errors.extra?.message)}
          {...register('extra', check.extra.date ? { setValueAs: dateValue } : {})}
        />
      </Field>
      <Button
        type="submit"
        disabled={isSubmitting}
        aria-describedby={identityNoticeId(kind === 'nin' ? 'NIN' : 'BVN')}
      >
        {isSubmitting ? t('Verifying...') : t('Verify {name}', { name: check.name })}
      </Button>
      <IdentityCheckResult outcome={outcome} />
    </form>
  );
}
