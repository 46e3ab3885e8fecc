import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DEFAULT_DISPUTE_PRIORITY,
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_PRIORITIES,
  DISPUTE_PRIORITY_META,
  DISPUTE_REASON_MAX,
  DISPUTE_TEXT,
  DISPUTE_TYPE_META,
  DISPUTE_TYPES,
  type DisputePriority,
  type DisputeType,
} from '@escrow/shared/domain/disputes';
import { createDisputeSchema } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { ErrorPanel, LoadingPanel, Select, Textarea } from '../../../components/ui/panels';
import { formatWholeAmount } from '../../../lib/format';
import { useAddEvidence, useCreateDispute, useDisputableTransactions } from '../api/disputes';
import { useEvidenceFiles } from '../lib/use-evidence-files';
import { EvidencePicker } from './evidence-picker';
import { NotDisputableNotice } from './not-disputable-notice';

type Errors = Partial<Record<'transactionId' | 'disputeType' | 'reason' | 'description' | 'form', string>>;

/**
 * /app/disputes/create[?transactionId=]: the transaction (from the server's list of those disputable
 * now), type, reason, description, priority and optional evidence. Files are uploaded first (with
 * progress), then the dispute is raised and the files attached; the new dispute's page opens.
 */
export function CreateDisputeForm({ preselectedId }: { preselectedId: string | null }) {
  const id = useId();
  const navigate = useNavigate();
  const eligible = useDisputableTransactions();
  const [transactionId, setTransactionId] = useState(preselectedId ?? '');
  const [disputeType, setDisputeType] = useState<DisputeType | ''>('');
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<DisputePriority>(DEFAULT_DISPUTE_PRIORITY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const evidence = useEvidenceFiles();
  const create = useCreateDispute();
  const attach = useAddEvidence();

  if (eligible.isPending) return <LoadingPanel label="Loading your transactions..." />;
  if (eligible.isError) return <ErrorPanel error={eligible.error} onRetry={() => void eligible.refetch()} />;

  const transactions = eligible.data;
  if (preselectedId && !transactions.some((t) => t.id === preselectedId))
    return <NotDisputableNotice transactionId={preselectedId} />;
  if (transactions.length === 0) return <NotDisputableNotice transactionId={null} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createDisputeSchema.safeParse({
      transactionId,
      disputeType,
      reason,
      description,
      priority,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      setBusy('Uploading evidence...');
      const uploadIds = await evidence.uploadAll(parsed.data.transactionId);
      setBusy('Raising the dispute...');
      const { dispute } = await create.mutateAsync(parsed.data);
      const disputeId = dispute.id;
      for (const uploadId of uploadIds)
        await attach
          .mutateAsync({ disputeId, uploadId })
          .catch((failure: Error) => toast.error(`Evidence not attached: ${failure.message}`));
      toast.success(DISPUTE_TEXT.created);
      navigate(`/app/disputes/${disputeId}`);
    } catch (failure) {
      setErrors({ form: (failure as Error).message || DISPUTE_TEXT.createFailed });
      toast.error(DISPUTE_TEXT.createFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="space-y-4"
        aria-label="Raise a dispute"
      >
        <fieldset disabled={busy !== null} className="space-y-4">
          <Field id={`${id}-transaction`} label="Transaction" error={errors.transactionId}>
            <Select
              id={`${id}-transaction`}
              value={transactionId}
              onChange={(event) => setTransactionId(event.target.value)}
              {...fieldErrorProps(`${id}-transaction`, errors.transactionId)}
            >
              <option value="">Choose a transaction</option>
              {transactions.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.description} · {formatWholeAmount(t.price, t.currency)}
                  {t.counterpartyName ? ` · with ${t.counterpartyName}` : ''}
                </option>
              ))}
            </Select>
          </Field>

          <Field id={`${id}-type`} label="What is the problem?" error={errors.disputeType}>
            <Select
              id={`${id}-type`}
              value={disputeType}
              onChange={(event) => setDisputeType(event.target.value as DisputeType)}
              {...fieldErrorProps(`${id}-type`, errors.disputeType)}
            >
              <option value="">Choose a type</option>
              {DISPUTE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {DISPUTE_TYPE_META[type].label}: {DISPUTE_TYPE_META[type].description}
                </option>
              ))}
            </Select>
          </Field>

          <Field id={`${id}-reason`} label="Reason" error={errors.reason}>
            <Input
              id={`${id}-reason`}
              value={reason}
              maxLength={DISPUTE_REASON_MAX}
              placeholder="In a few words, e.g. Item arrived damaged"
              onChange={(event) => setReason(event.target.value)}
              {...fieldErrorProps(`${id}-reason`, errors.reason)}
            />
          </Field>
          <p className="-mt-3 text-right text-xs text-slate-500">
            {reason.length}/{DISPUTE_REASON_MAX}
          </p>

          <Field id={`${id}-description`} label="Description" error={errors.description}>
            <Textarea
              id={`${id}-description`}
              value={description}
              rows={5}
              maxLength={DISPUTE_DESCRIPTION_MAX}
              placeholder="What happened, and what would put it right?"
              onChange={(event) => setDescription(event.target.value)}
              {...fieldErrorProps(`${id}-description`, errors.description)}
            />
          </Field>
          <p className="-mt-3 text-right text-xs text-slate-500">
            {description.length}/{DISPUTE_DESCRIPTION_MAX}
          </p>

          <Field id={`${id}-priority`} label="Priority">
            <Select
              id={`${id}-priority`}
              value={priority}
              onChange={(event) => setPriority(event.target.value as DisputePriority)}
            >
              {DISPUTE_PRIORITIES.map((value) => (
                <option key={value} value={value}>
                  {DISPUTE_PRIORITY_META[value].label}: {DISPUTE_PRIORITY_META[value].description}
                </option>
              ))}
            </Select>
          </Field>

          <EvidencePicker evidence={evidence} disabled={busy !== null} />

          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Raising a dispute freezes the payment in escrow until it is settled. The other party is told at
            once; disputes usually take 1-3 business days.
          </p>

          {errors.form ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.form}
            </p>
          ) : null}

          <div className="flex flex-wrap justify-end gap-2">
            <Link
              to="/app/disputes"
              className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Cancel
            </Link>
            <Button type="submit">{busy ?? 'Submit Dispute'}</Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
