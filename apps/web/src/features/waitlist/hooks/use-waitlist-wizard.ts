import { useCallback, useMemo, useRef, useState } from 'react';
import {
  waitlistDetailsSchema,
  waitlistEntrySchema,
  type WaitlistInterest,
} from '@escrow/shared/schemas/waitlist';
import { joinWaitlist } from '../api/join-waitlist';

export type WaitlistStep = 1 | 2 | 3 | 'success';
export type WaitlistForm = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  interest: WaitlistInterest;
};
type DetailsField = 'email' | 'firstName' | 'lastName' | 'phone';

const EMPTY_FORM: WaitlistForm = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  interest: 'individual',
};

/** The first message per field of step 1, from the same schema the server uses. */
function detailsErrors(form: WaitlistForm): Partial<Record<DetailsField, string>> {
  const result = waitlistDetailsSchema.safeParse(form);
  if (result.success) return {};
  const errors: Partial<Record<DetailsField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as DetailsField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The waitlist wizard of spec 01 §2: details → interest → review → success. Next is allowed only on a
 * valid step; a submission that is still running when the modal closes is forgotten (its flag resets).
 */
export function useWaitlistWizard() {
  const [step, setStep] = useState<WaitlistStep>(1);
  const [form, setForm] = useState<WaitlistForm>(EMPTY_FORM);
  const [touched, setTouched] = useState<Partial<Record<DetailsField, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [alreadyJoined, setAlreadyJoined] = useState(false);
  const submission = useRef(0);

  const errors = useMemo(() => detailsErrors(form), [form]);
  const stepValid =
    step === 1 ? Object.keys(errors).length === 0 : step === 2 ? Boolean(form.interest) : true;

  const update = useCallback(<K extends keyof WaitlistForm>(field: K, value: WaitlistForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
  }, []);
  const touch = useCallback((field: DetailsField) => setTouched((t) => ({ ...t, [field]: true })), []);

  const next = useCallback(() => {
    if (!stepValid) return;
    setStep((s) => (s === 1 ? 2 : s === 2 ? 3 : s));
  }, [stepValid]);
  const previous = useCallback(() => setStep((s) => (s === 3 ? 2 : s === 2 ? 1 : s)), []);

  const submit = useCallback(async () => {
    if (submitting) return;
    const parsed = waitlistEntrySchema.safeParse(form);
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
      // Spec 01 §8: a browser alert, and the modal stays open with submit enabled again.
      window.alert(`Failed to submit. Please try again. ${(error as Error).message}`);
    } finally {
      if (id === submission.current) setSubmitting(false);
    }
  }, [form, submitting]);

  /** 'Join Another Person': a clean form at step 1. */
  const reset = useCallback(() => {
    submission.current += 1;
    setForm(EMPTY_FORM);
    setTouched({});
    setSubmitting(false);
    setAlreadyJoined(false);
    setStep(1);
  }, []);

  /** On close: drop a running submission; after a success the next opening starts afresh. */
  const closed = useCallback(() => {
    submission.current += 1;
    setSubmitting(false);
    if (step === 'success') reset();
  }, [step, reset]);

  return {
    step,
    form,
    errors,
    touched,
    stepValid,
    submitting,
    alreadyJoined,
    update,
    touch,
    next,
    previous,
    submit,
    reset,
    closed,
  };
}

export type WaitlistWizard = ReturnType<typeof useWaitlistWizard>;
