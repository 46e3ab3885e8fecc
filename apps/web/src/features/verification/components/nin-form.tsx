import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  IDENTITY_NUMBER_LENGTH,
  ninFormSchema,
  VERIFICATION_TEXT,
  type VerificationResult,
} from '@escrow/shared/schemas/identity';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { failureMessage, useVerifyIdentity } from '../api/verification';
import { IdentityCheckResult, type CheckOutcome } from './identity-check-result';

export type ProfileNames = { firstName: string; lastName: string };

/** NIN Verification tab (spec 02 §5): nin (11 digits), first and last name, date of birth. */
export function NinForm({
  names,
  onVerified,
}: {
  names: ProfileNames;
  onVerified: (r: VerificationResult) => void;
}) {
  const verify = useVerifyIdentity('nin');
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ninFormSchema),
    defaultValues: { nin: '', firstName: names.firstName, lastName: names.lastName, dateOfBirth: '' },
  });
  const onSubmit = handleSubmit(async (form) => {
    setOutcome(null);
    try {
      const result = await verify.mutateAsync(form);
      setOutcome({ ok: true, message: VERIFICATION_TEXT.ninVerified, result });
      onVerified(result);
    } catch (error) {
      setOutcome({ ok: false, message: failureMessage(error, VERIFICATION_TEXT.ninFailed) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-lg flex-col gap-4">
      <p className="text-sm text-slate-600">
        Use the names on your profile; they must match the names on your NIN. A verified NIN raises your level
        to ENHANCED.
      </p>
      <Field id="nin" label="NIN" error={errors.nin?.message}>
        <Input
          id="nin"
          inputMode="numeric"
          autoComplete="off"
          maxLength={IDENTITY_NUMBER_LENGTH}
          placeholder="11 digits"
          {...fieldErrorProps('nin', errors.nin?.message)}
          {...register('nin')}
        />
      </Field>
      <Field id="nin-first-name" label="First name" error={errors.firstName?.message}>
        <Input
          id="nin-first-name"
          autoComplete="given-name"
          {...fieldErrorProps('nin-first-name', errors.firstName?.message)}
          {...register('firstName')}
        />
      </Field>
      <Field id="nin-last-name" label="Last name" error={errors.lastName?.message}>
        <Input
          id="nin-last-name"
          autoComplete="family-name"
          {...fieldErrorProps('nin-last-name', errors.lastName?.message)}
          {...register('lastName')}
        />
      </Field>
      <Field id="nin-dob" label="Date of birth" error={errors.dateOfBirth?.message}>
        <Input
          id="nin-dob"
          type="date"
          autoComplete="bday"
          {...fieldErrorProps('nin-dob', errors.dateOfBirth?.message)}
          {...register('dateOfBirth')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying...' : 'Verify NIN'}
      </Button>
      <IdentityCheckResult outcome={outcome} />
    </form>
  );
}
