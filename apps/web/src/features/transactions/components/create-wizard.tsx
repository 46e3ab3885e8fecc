import { useEffect, useRef, useState } from 'react';
import {
  FormProvider,
  get,
  set,
  useForm,
  useWatch,
  type FieldErrors,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import { createTransactionSchemaFor } from '@escrow/shared/schemas/transactions';
import { TRANSACTION_SUCCESS } from '@escrow/shared/texts/transactions';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import PercentIcon from 'lucide-react/icons/percent';
import { ApiError } from '../../../lib/api-client';
import { deviceClock } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { serverFieldIssues } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useCreateTransaction, type CreateTransactionAnswer } from '../api/create-transaction';
import {
  EMPTY_CREATE_FORM,
  formFieldOf,
  stepFields,
  stepOfField,
  stepSchema,
  toCreatePayload,
  usesCourier,
  WIZARD_STEPS,
  type CreateFormValues,
} from '../lib/create-form';
import { aroundValue } from '../lib/markup-slot';
import { CreateSuccess } from './create-success';
import { CourierStep, PricingStep, RoleStep } from './wizard-steps-basic';
import { AdditionalInfoStep, ItemDetailsStep, PreferencesStep, TermsStep } from './wizard-steps-details';
import { WizardReview } from './wizard-review';

export const CREATE_FAILED = msg('Failed to create transaction. Please try again.');

/** Only the milestone list as a whole is refused (no field holds a message, so none took focus). */
function onlyListRefused(errors: FieldErrors<CreateFormValues>): boolean {
  const list = errors.milestones;
  if (!list?.root) return false;
  return (
    Object.keys(errors).every((key) => key === 'milestones') &&
    Object.keys(list).every((key) => key === 'root')
  );
}

function stepTitle(step: number, seller: boolean): string {
  switch (step) {
    case 1:
      return t('Choose Your Role');
    case 2:
      return t('Courier Service');
    case 3:
      return t('Transaction Details');
    case 4:
      return seller ? t('Item Details') : t('Transaction Preferences');
    default:
      return seller ? t('Additional Information') : t('Transaction Terms');
  }
}

/** Contact Vendor: the vendor the invitation is addressed to (the creator is the buyer). */
export type InvitedVendor = { userId: string; name: string };

type FieldIssue = { field: Path<CreateFormValues>; message: string };

/**
 * The issues of a zod result as the form's errors, the first per field: a milestone's field by its path
 * ('milestones.1.amount'); an issue of the milestone list as a whole (the count, the sum) as its `root`,
 * where react-hook-form keeps a field array's own error.
 */
function toFieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    if (!issue.path.length) continue;
    const path = issue.path.map(String);
    const name = path.length === 1 && path[0] === 'milestones' ? 'milestones.root' : path.join('.');
    if (!get(errors, name)) set(errors, name, { type: 'validation', message: issue.message });
  }
  return errors as FieldErrors<CreateFormValues>;
}

/**
 * /app/create-transaction: the five-step wizard, seller and buyer variants. Continue is
 * always pressable: it checks the step with the shared schema and, when something is missing, focuses
 * the first field in question with its message. Each new step (and the success
 * screen) takes focus on its heading and is announced as 'Step N of 5'.
 */
export function CreateWizard({ invited }: { invited?: InvitedVendor | undefined } = {}) {
  const navigate = useNavigate();
  const [step, setStep] = useState(invited ? 2 : 1);
  const [created, setCreated] = useState<CreateTransactionAnswer | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingIssues = useRef<FieldIssue[]>([]);
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  }, [step]);
  const create = useCreateTransaction();
  const initial = invited ? { ...EMPTY_CREATE_FORM, creatorRole: 'BUYER' as const } : EMPTY_CREATE_FORM;

  // The resolver checks the step on screen with its slice of the shared schema.
  const resolver: Resolver<CreateFormValues> = async (values) => {
    const parsed = await stepSchema(
      stepRef.current,
      values.creatorRole,
      usesCourier(values.shippingType),
    ).safeParseAsync(values);
    return parsed.success
      ? { values, errors: {} }
      : { values: {}, errors: toFieldErrors(parsed.error.issues) };
  };
  const form = useForm<CreateFormValues>({ defaultValues: initial, resolver });
  useFixAsYouType(form);
  const { handleSubmit, trigger, setError, reset, getValues, clearErrors, setFocus } = form;
  const [role, shippingType] = useWatch({ control: form.control, name: ['creatorRole', 'shippingType'] });
  const seller = role === 'SELLER';

  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    const issues = pendingIssues.current;
    pendingIssues.current = [];
    if (issues.length) {
      // Back on the step the server refused: its messages on their fields, the first focused.
      issues.forEach((issue, index) =>
        setError(issue.field, { type: 'server', message: issue.message }, { shouldFocus: index === 0 }),
      );
      return;
    }
    headingRef.current?.focus();
  }, [step, created, setError]);

  function goTo(next: number) {
    moved.current = true;
    if (!pendingIssues.current.length) clearErrors();
    setStep(next);
    setAnnouncement(t('Step {step} of {total}', { step: next, total: WIZARD_STEPS }));
  }

  async function next() {
    const valid = await trigger([...stepFields(step, role, usesCourier(shippingType))], {
      shouldFocus: true,
    });
    if (valid) goTo(step + 1);
    // The milestone list's own message (amounts that do not add up) has no field: the first amount,
    // which it describes, takes focus.
    else if (onlyListRefused(form.formState.errors)) setFocus('milestones.0.amount');
  }

  /** Refusals (ours before sending, or the server's 400) go back to the step holding the field. */
  function showIssues(issues: FieldIssue[]) {
    const target = issues.map((i) => stepOfField(i.field, getValues('creatorRole'))).find((s) => s !== null);
    if (!target) return false;
    if (target === step)
      issues.forEach((issue, index) =>
        setError(issue.field, { type: 'server', message: issue.message }, { shouldFocus: index === 0 }),
      );
    else {
      pendingIssues.current = issues;
      goTo(target);
    }
    return true;
  }

  const createFrom = async (values: CreateFormValues) => {
    const payload = { ...toCreatePayload(values), ...(invited ? { invitedUserId: invited.userId } : {}) };
    // The whole shared schema once more: a value it would refuse is shown on its field before sending.
    const checked = createTransactionSchemaFor(deviceClock).safeParse(payload);
    if (!checked.success) {
      const issues = checked.error.issues.map((i) => ({
        field: formFieldOf(i.path.map(String).join('.')) as Path<CreateFormValues>,
        message: i.message,
      }));
      if (!showIssues(issues))
        toast.error(t(CREATE_FAILED), { description: issues[0] ? t(issues[0].message) : undefined });
      return;
    }
    try {
      const answer = await create.mutateAsync(payload);
      toast.success(t(TRANSACTION_SUCCESS.created));
      moved.current = true;
      setCreated(answer);
      setAnnouncement(t('Transaction created'));
    } catch (error) {
      const issues = serverFieldIssues(error).map((d) => ({
        field: formFieldOf(d.field) as Path<CreateFormValues>,
        message: d.message,
      }));
      if (issues.length && showIssues(issues)) return;
      const reason =
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined;
      toast.error(t(CREATE_FAILED), reason ? { description: reason } : undefined);
    }
  };

  const status = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );

  if (created)
    return (
      <>
        {status}
        <CreateSuccess
          answer={created}
          headingRef={headingRef}
          onCreateAnother={() => {
            setCreated(null);
            reset(EMPTY_CREATE_FORM);
            goTo(1);
            if (invited) navigate('/app/create-transaction');
          }}
        />
      </>
    );

  const steps: Record<number, React.ReactNode> = {
    1: <RoleStep />,
    2: <CourierStep />,
    3: <PricingStep />,
    4: seller ? <ItemDetailsStep /> : <PreferencesStep />,
    5: (
      <>
        <WizardReview />
        {seller ? <AdditionalInfoStep /> : <TermsStep />}
      </>
    ),
  };

  // The vendor's name in bold, where the reader's language puts it in the sentence.
  const [beforeName, afterName] = aroundValue((vendor) =>
    t(
      'You are buying from {vendor}. The invitation is addressed to them alone, and they are notified as soon as you create the transaction.',
      { vendor },
    ),
  );

  return (
    <div className="space-y-4">
      {status}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={() => (step === 1 ? navigate('/app/dashboard') : goTo(step - 1))}>
          <ArrowLeftIcon className="h-4 w-4" />
          {t('Back')}
        </Button>
        <Link
          to="/app/escrow-calculator"
          className="inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <PercentIcon className="h-4 w-4" />
          {t('Fee Calculator')}
        </Link>
      </div>
      {invited ? (
        <p className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          {beforeName}
          <strong>{invited.name}</strong>
          {afterName}
        </p>
      ) : null}
      <ol aria-label={t('Progress')} className="flex items-center gap-2">
        {Array.from({ length: WIZARD_STEPS }, (_, index) => index + 1).map((n) => (
          <li
            key={n}
            aria-current={n === step ? 'step' : undefined}
            className={`h-2 flex-1 rounded-full ${n <= step ? 'bg-brand-600' : 'bg-slate-200'}`}
          >
            <span className="sr-only">{t('Step {n}', { n })}</span>
          </li>
        ))}
      </ol>
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void (step < WIZARD_STEPS ? next() : handleSubmit(createFrom)());
          }}
        >
          <Card className="space-y-5">
            <div>
              <p className="text-sm font-medium text-brand-700">
                {t('Step {step} of {total}', { step, total: WIZARD_STEPS })}
              </p>
              <CardTitle ref={headingRef} tabIndex={-1} className="focus:outline-none">
                {stepTitle(step, seller)}
              </CardTitle>
            </div>
            {steps[step]}
            <div className="flex justify-end border-t border-slate-100 pt-4">
              {step < WIZARD_STEPS ? (
                <Button type="submit">{t('Continue')}</Button>
              ) : (
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? t('Creating...') : t('Create Transaction')}
                </Button>
              )}
            </div>
          </Card>
        </form>
      </FormProvider>
    </div>
  );
}
