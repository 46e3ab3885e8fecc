import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createTransactionSchema, TRANSACTION_SUCCESS } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import PercentIcon from 'lucide-react/icons/percent';
import { ApiError } from '../../../lib/api-client';
import { useCreateTransaction, type CreateTransactionAnswer } from '../api/create-transaction';
import {
  canContinue,
  EMPTY_DRAFT,
  toCreatePayload,
  WIZARD_STEPS,
  type CreateDraft,
} from '../lib/create-draft';
import { CreateSuccess } from './create-success';
import { CourierStep, PricingStep, RoleStep } from './wizard-steps-basic';
import { AdditionalInfoStep, ItemDetailsStep, PreferencesStep, TermsStep } from './wizard-steps-details';

export const CREATE_FAILED = 'Failed to create transaction. Please try again.';

function stepTitle(step: number, draft: CreateDraft): string {
  const seller = draft.creatorRole === 'SELLER';
  return (
    ['Choose Your Role', 'Courier Service', 'Transaction Details'][step - 1] ??
    (step === 4
      ? seller
        ? 'Item Details'
        : 'Transaction Preferences'
      : seller
        ? 'Additional Information'
        : 'Transaction Terms')
  );
}

/** Contact Vendor: the vendor the invitation is addressed to (the creator is the buyer). */
export type InvitedVendor = { userId: string; name: string };

/** /app/create-transaction: the five-step wizard of spec 01 §2, seller and buyer variants. */
export function CreateWizard({ invited }: { invited?: InvitedVendor | undefined } = {}) {
  const navigate = useNavigate();
  const [step, setStep] = useState(invited ? 2 : 1);
  const [draft, setDraft] = useState<CreateDraft>(
    invited ? { ...EMPTY_DRAFT, creatorRole: 'BUYER' } : EMPTY_DRAFT,
  );
  const [created, setCreated] = useState<CreateTransactionAnswer | null>(null);
  const create = useCreateTransaction();
  const update = (patch: Partial<CreateDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const ready = canContinue(step, draft);

  if (created)
    return (
      <CreateSuccess
        answer={created}
        onCreateAnother={() => {
          setCreated(null);
          setDraft(EMPTY_DRAFT);
          setStep(1);
          if (invited) navigate('/app/create-transaction');
        }}
      />
    );

  async function submit() {
    const payload = { ...toCreatePayload(draft), ...(invited ? { invitedUserId: invited.userId } : {}) };
    // The shared schema is the server's: a value it would refuse is explained here first.
    const checked = createTransactionSchema.safeParse(payload);
    if (!checked.success) {
      toast.error(CREATE_FAILED, { description: checked.error.issues[0]?.message });
      return;
    }
    try {
      const answer = await create.mutateAsync(payload);
      toast.success(TRANSACTION_SUCCESS.created);
      setCreated(answer);
    } catch (error) {
      const reason =
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined;
      toast.error(CREATE_FAILED, reason ? { description: reason } : undefined);
    }
  }

  const steps = {
    1: <RoleStep draft={draft} update={update} />,
    2: <CourierStep draft={draft} update={update} />,
    3: <PricingStep draft={draft} update={update} />,
    4:
      draft.creatorRole === 'SELLER' ? (
        <ItemDetailsStep draft={draft} update={update} />
      ) : (
        <PreferencesStep draft={draft} update={update} />
      ),
    5:
      draft.creatorRole === 'SELLER' ? (
        <AdditionalInfoStep draft={draft} update={update} />
      ) : (
        <TermsStep draft={draft} update={update} />
      ),
  } as Record<number, React.ReactNode>;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={() => (step === 1 ? navigate('/app/dashboard') : setStep(step - 1))}>
          <ArrowLeftIcon className="h-4 w-4" />
          Back
        </Button>
        <Link
          to="/app/escrow-calculator"
          className="inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <PercentIcon className="h-4 w-4" />
          Fee Calculator
        </Link>
      </div>
      {invited ? (
        <p className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          You are buying from <strong>{invited.name}</strong>. The invitation is addressed to them alone, and
          they are notified as soon as you create the transaction.
        </p>
      ) : null}
      <ol aria-label="Progress" className="flex items-center gap-2">
        {Array.from({ length: WIZARD_STEPS }, (_, index) => index + 1).map((n) => (
          <li
            key={n}
            aria-current={n === step ? 'step' : undefined}
            className={`h-2 flex-1 rounded-full ${n <= step ? 'bg-brand-600' : 'bg-slate-200'}`}
          >
            <span className="sr-only">Step {n}</span>
          </li>
        ))}
      </ol>
      <Card className="space-y-5">
        <div>
          <p className="text-sm font-medium text-brand-700">
            Step {step} of {WIZARD_STEPS}
          </p>
          <CardTitle>{stepTitle(step, draft)}</CardTitle>
        </div>
        {steps[step]}
        <div className="flex justify-end border-t border-slate-100 pt-4">
          {step < WIZARD_STEPS ? (
            <Button onClick={() => setStep(step + 1)} disabled={!ready}>
              Continue
            </Button>
          ) : (
            <Button onClick={() => void submit()} disabled={!ready || create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Transaction'}
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}
