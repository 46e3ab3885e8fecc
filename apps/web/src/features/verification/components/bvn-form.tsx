import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  bvnFormSchema,
  IDENTITY_NUMBER_LENGTH,
  VERIFICATION_TEXT,
  type VerificationResult,
} from '@escrow/shared/schemas/identity';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { failureMessage, useVerifyIdentity } from '../api/verification';
import { IdentityCheckResult, type CheckOutcome } from './identity-check-result';
import type { ProfileNames } from './nin-form';

/** BVN Verification tab (spec 02 §5): bvn (11 digits), first and last name, phone number. */
export function BvnForm({
  names,
  onVerified,
}: {
  names: ProfileNames;
  onVerified: (r: VerificationResult) => void;
}) {
  const verify = useVerifyIdentity('bvn');
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(bvnFormSchema),
    defaultValues: { bvn: '', firstName: names.firstName, lastName: names.lastName, phoneNumber: '' },
  });
  const onSubmit = handleSubmit(async (form) => {
    setOutcome(null);
    try {
      const result = await verify.mutateAsync(form);
      setOutcome({ ok: true, message: VERIFICATION_TEXT.bvnVerified, result });
      onVerified(result);
    } catch (error) {
      setOutcome({ ok: false, message: failureMessage(error, VERIFICATION_TEXT.bvnFailed) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-lg flex-col gap-4">
      <p className="text-sm text-slate-600">
        Use the names on your profile; they must match the names on your BVN. A verified BVN raises your level
        to PREMIUM.
      </p>
      <Field id="bvn" label="BVN" error={errors.bvn?.message}>
        <Input
          id="bvn"
          inputMode="numeric"
          autoComplete="off"
          maxLength={IDENTITY_NUMBER_LENGTH}
          placeholder="11 digits"
          {...fieldErrorProps('bvn', errors.bvn?.message)}
          {...register('bvn')}
        />
      </Field>
      <Field id="bvn-first-name" label="First name" error={errors.firstName?.message}>
        <Input
          id="bvn-first-name"
          autoComplete="given-name"
          {...fieldErrorProps('bvn-first-name', errors.firstName?.message)}
          {...register('firstName')}
        />
      </Field>
      <Field id="bvn-last-name" label="Last name" error={errors.lastName?.message}>
        <Input
          id="bvn-last-name"
          autoComplete="family-name"
          {...fieldErrorProps('bvn-last-name', errors.lastName?.message)}
          {...register('lastName')}
        />
      </Field>
      <Field id="bvn-phone" label="Phone number" error={errors.phoneNumber?.message}>
        <Input
          id="bvn-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="08031234567"
          {...fieldErrorProps('bvn-phone', errors.phoneNumber?.message)}
          {...register('phoneNumber')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying...' : 'Verify BVN'}
      </Button>
      <IdentityCheckResult outcome={outcome} />
    </form>
  );
}
