import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  waitlistEntrySchema,
  type WaitlistEntry,
  type WaitlistEntryInput,
  type WaitlistInterest,
} from '@escrow/shared/schemas/waitlist';
import { t } from '../../../lib/i18n';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { joinWaitlist } from '../api/join-waitlist';

export type WaitlistStep = 1 | 2 | 3 | 'success';
export type WaitlistForm = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  interest: WaitlistInterest;
};

const EMPTY_FORM: WaitlistForm = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  interest: 'individual',
};

const STEP_FIELDS = {
  1: ['email', 'firstName', 'lastName', 'phone'],
  2: ['interest'],
} as const;

/**
 * The waitlist wizard: details → interest → review → success, on react-hook-form with the
 * server's schema. Next is always pressable: on a step with something missing it focuses the first such
 * field, its message beside it. A submission still running when the modal closes is
 * forgotten (its flag resets).
 */
export function useWaitlistWizard() {
  const [step, setStep] = useState<WaitlistStep>(1);
  const [submitting, setSubmitting] = useState(false);
  const [alreadyJoined, setAlreadyJoined] = useState(false);
  const submission = useRef(0);
  const methods = useForm<WaitlistEntryInput, unknown, WaitlistEntry>({
    resolver: zodResolver(waitlistEntrySchema),
    defaultValues: EMPTY_FORM,
  });
  useFixAsYouType(methods);
  // What the review and success views show: the fields as typed (the form starts with every one set).
  const form = { ...EMPTY_FORM, ...useWatch({ control: methods.control }) } as WaitlistForm;

  const next = useCallback(async () => {
    if (step !== 1 && step !== 2) return;
    const valid = await methods.trigger([...STEP_FIELDS[step]], { shouldFocus: true });
    if (valid) setStep(step === 1 ? 2 : 3);
  }, [methods, step]);
  const previous = useCallback(() => setStep((s) => (s === 3 ? 2 : s === 2 ? 1 : s)), []);

  const submit = useCallback(async () => {
    if (submitting) return;
    const parsed = waitlistEntrySchema.safeParse(methods.getValues());
    if (!parsed.success) {
      setStep(1);
      return;
    }
    const id = ++submission.current;
    setSubmitting(true);
    try {
      const result = await joinWaitlist(parsed.data);
      if (id !== submission.current) return;
      setAlreadyJoined(result.alreadyJoined);
      setStep('success');
    } catch (error) {
      if (id !== submission.current) return;
      // A browser alert, and the modal stays open with submit enabled again.
      window.alert(t('Failed to submit. Please try again. {error}', { error: (error as Error).message }));
    } finally {
      if (id === submission.current) setSubmitting(false);
    }
  }, [methods, submitting]);

  /** 'Join Another Person': a clean form at step 1. */
  const reset = useCallback(() => {
    submission.current += 1;
    methods.reset(EMPTY_FORM);
    setSubmitting(false);
    setAlreadyJoined(false);
    setStep(1);
  }, [methods]);

  /** On close: drop a running submission; after a success the next opening starts afresh. */
  const closed = useCallback(() => {
    submission.current += 1;
    setSubmitting(false);
    if (step === 'success') reset();
  }, [step, reset]);

  return { step, form, methods, submitting, alreadyJoined, next, previous, submit, reset, closed };
}

export type WaitlistWizard = ReturnType<typeof useWaitlistWizard>;
