import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  DEFAULT_DISPUTE_PRIORITY,
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_PRIORITIES,
  DISPUTE_PRIORITY_META,
  DISPUTE_REASON_MAX,
  DISPUTE_TEXT,
  DISPUTE_TYPE_META,
  DISPUTE_TYPES,
} from '@escrow/shared/domain/disputes';
import { createDisputeSchema, type CreateDisputeInput } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { ErrorPanel, LoadingPanel, Select, Textarea } from '../../../components/ui/panels';
import { formatWholeAmount } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { choiceValue, showServerFieldErrors } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useAddEvidence, useCreateDispute, useDisputableTransactions } from '../api/disputes';
import { useEvidenceFiles } from '../lib/use-evidence-files';
import { EvidencePicker } from './evidence-picker';
import { NotDisputableNotice } from './not-disputable-notice';

type CreateDispute = z.output<typeof createDisputeSchema>;

/**
 * /app/disputes/create[?transactionId=]: the transaction (from the server's list of those disputable
 * now), type, reason, description, priority and optional evidence, on react-hook-form with the server's
 * own `createDisputeSchema`. Files are uploaded first (with progress), then the dispute is raised and
 * the files attached; the new dispute's page opens.
 */
export function CreateDisputeForm({ preselectedId }: { preselectedId: string | null }) {
  const id = useId();
  const navigate = useNavigate();
  const eligible = useDisputableTransactions();
  const form = useForm<CreateDisputeInput, unknown, CreateDispute>({
    resolver: zodResolver(createDisputeSchema),
    defaultValues: {
      transactionId: preselectedId ?? '',
      disputeType: undefined,
      reason: '',
      description: '',
      priority: DEFAULT_DISPUTE_PRIORITY,
    },
  });
  useFixAsYouType(form);
  const [reason = '', description = ''] = useWatch({
    control: form.control,
    name: ['reason', 'description'],
  });
  const [busy, setBusy] = useState<string | null>(null);
  const evidence = useEvidenceFiles();
  const create = useCreateDispute();
  const attach = useAddEvidence();

  if (eligible.isPending) return <LoadingPanel label={t('Loading your transactions...')} />;
  if (eligible.isError) return <ErrorPanel error={eligible.error} onRetry={() => void eligible.refetch()} />;

  const transactions = eligible.data;
  if (preselectedId && !transactions.some((item) => item.id === preselectedId))
    return <NotDisputableNotice transactionId={preselectedId} />;
  if (transactions.length === 0) return <NotDisputableNotice transactionId={null} />;

  const { register, formState } = form;
  const errors = formState.errors;
  const errorOf = (name: keyof CreateDisputeInput) => errors[name]?.message;

  const submit = form.handleSubmit(async (input) => {
    try {
      setBusy(t('Uploading evidence...'));
      const uploadIds = await evidence.uploadAll(input.transactionId);
      setBusy(t('Raising the dispute...'));
      const { dispute } = await create.mutateAsync(input);
      for (const uploadId of uploadIds)
        await attach
          .mutateAsync({ disputeId: dispute.id, uploadId })
          .catch((failure: Error) =>
            toast.error(t('Evidence not attached: {error}', { error: failure.message })),
          );
      // The screen's text; the API answers with its own, DISPUTE_TEXT.created.
      toast.success(t(DISPUTE_TEXT.submitted));
      navigate(`/app/disputes/${dispute.id}`);
    } catch (failure) {
      // The fieldset opens again before a field is focused (a disabled field cannot take focus).
      flushSync(() => setBusy(null));
      // A 400 names its field: the message goes beside it; anything else is said under the form.
      if (!showServerFieldErrors(failure, form.setError).length)
        form.setError('root.server', {
          message: (failure as Error).message || t(DISPUTE_TEXT.createFailed),
        });
      toast.error(t(DISPUTE_TEXT.createFailed));
    }
  });

  return (
    <Card>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="space-y-4"
        aria-label={t('Raise a dispute')}
      >
        <fieldset disabled={busy !== null} className="space-y-4">
          <Field id={`${id}-transaction`} label={t('Transaction')} error={errorOf('transactionId')}>
            <Select
              id={`${id}-transaction`}
              {...register('transactionId')}
              {...fieldErrorProps(`${id}-transaction`, errorOf('transactionId'))}
            >
              <option value="">{t('Choose a transaction')}</option>
              {transactions.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.counterpartyName
                    ? t('{description} · {amount} · with {name}', {
                        description: item.description,
                        amount: formatWholeAmount(item.price, item.currency),
                        name: item.counterpartyName,
                      })
                    : `${item.description} · ${formatWholeAmount(item.price, item.currency)}`}
                </option>
              ))}
            </Select>
          </Field>

          <Field id={`${id}-type`} label={t('What is the problem?')} error={errorOf('disputeType')}>
            <Select
              id={`${id}-type`}
              {...register('disputeType', { setValueAs: choiceValue })}
              {...fieldErrorProps(`${id}-type`, errorOf('disputeType'))}
            >
              <option value="">{t('Choose a type')}</option>
              {DISPUTE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(DISPUTE_TYPE_META[type].label)}: {t(DISPUTE_TYPE_META[type].description)}
                </option>
              ))}
            </Select>
          </Field>

          <Field id={`${id}-reason`} label={t('Reason')} error={errorOf('reason')}>
            <Input
              id={`${id}-reason`}
              maxLength={DISPUTE_REASON_MAX}
              placeholder={t('In a few words, e.g. Item arrived damaged')}
              {...register('reason')}
              {...fieldErrorProps(`${id}-reason`, errorOf('reason'))}
            />
          </Field>
          <p className="-mt-3 text-right text-xs text-slate-500">
            {reason.length}/{DISPUTE_REASON_MAX}
          </p>

          <Field id={`${id}-description`} label={t('Description')} error={errorOf('description')}>
            <Textarea
              id={`${id}-description`}
              rows={5}
              maxLength={DISPUTE_DESCRIPTION_MAX}
              placeholder={t('What happened, and what would put it right?')}
              {...register('description')}
              {...fieldErrorProps(`${id}-description`, errorOf('description'))}
            />
          </Field>
          <p className="-mt-3 text-right text-xs text-slate-500">
            {description.length}/{DISPUTE_DESCRIPTION_MAX}
          </p>

          <Field id={`${id}-priority`} label={t('Priority')} error={errorOf('priority')}>
            <Select
              id={`${id}-priority`}
              {...register('priority')}
              {...fieldErrorProps(`${id}-priority`, errorOf('priority'))}
            >
              {DISPUTE_PRIORITIES.map((value) => (
                <option key={value} value={value}>
                  {t(DISPUTE_PRIORITY_META[value].label)}: {t(DISPUTE_PRIORITY_META[value].description)}
                </option>
              ))}
            </Select>
          </Field>

          <EvidencePicker evidence={evidence} disabled={busy !== null} />

          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t(
              'Raising a dispute freezes the payment in escrow until it is settled. The other party is told at once; disputes usually take 1-3 business days.',
            )}
          </p>

          {errors.root?.server ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.root.server.message}
            </p>
          ) : null}

          <div className="flex flex-wrap justify-end gap-2">
            <Link
              to="/app/disputes"
              className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {t('Cancel')}
            </Link>
            <Button type="submit">{busy ?? t('Submit Dispute')}</Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
