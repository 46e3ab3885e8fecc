import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PAYMENT_CONDITION_TEXT } from '@escrow/shared/texts/payment-conditions';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { TRANSACTION_SUCCESS } from '@escrow/shared/texts/transactions';
import { Button } from '../../../../components/ui/button';
import { DateInput } from '../../../../components/ui/date-input';
import { Field, fieldErrorProps, Input } from '../../../../components/ui/input';
import { DATE_FORMAT_HINT, dateValue } from '../../../../lib/dates';
import { formatMoney } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { showServerFieldErrors } from '../../../../lib/form-values';
import { useFixAsYouType } from '../../../../lib/use-fix-as-you-type';
import { useManualRelease, useSetTimeRelease } from '../../api/payment-conditions';
import { failureText } from '../../../../lib/money-mutation';
import {
  manualReleaseFormSchema,
  timeReleaseFormSchema,
  type TimeReleaseValues,
} from '../../lib/release-form';
import { Textarea } from '../form-controls';

/**
 * The buyer schedules an automatic release: a date (dd/mm/yyyy, en-NG whatever the browser's locale)
 * and a time, which together must be after now. Each refusal is beside its field, the first focused.
 */
export function TimeReleaseForm({ transactionId }: { transactionId: string }) {
  const setRelease = useSetTimeRelease(transactionId);
  const form = useForm<TimeReleaseValues, unknown, { releaseDate: string }>({
    resolver: zodResolver(timeReleaseFormSchema()),
    defaultValues: { releaseDate: '', releaseTime: '' },
  });
  useFixAsYouType(form);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  const submit = handleSubmit(
    async ({ releaseDate }) => {
      try {
        await setRelease.mutateAsync({
          releaseDate,
          timezone: 'Africa/Lagos',
        });
        toast.success(t('Time-based release scheduled'));
        reset();
      } catch (failure) {
        if (showServerFieldErrors(failure, setError).length) return;
        toast.error(failureText(failure, t(PAYMENT_CONDITION_TEXT.timeReleaseFailed)));
      }
    },
    (refused) => {
      // A missing date is also said as a toast.
      if (refused.releaseDate?.message === PAYMENT_CONDITION_TEXT.releaseDateRequired)
        toast.error(t(PAYMENT_CONDITION_TEXT.releaseDateRequired));
    },
  );

  const dateError = errors.releaseDate?.message;
  const timeError = errors.releaseTime?.message;
  const dateErrorText = dateError ? t(dateError) : undefined;
  const timeErrorText = timeError ? t(timeError) : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
      <div className="min-w-44 flex-1">
        <Field
          id="release-date"
          label={t('Release payment automatically on ({format})', { format: DATE_FORMAT_HINT })}
          error={dateErrorText}
        >
          <DateInput
            id="release-date"
            aria-required
            {...fieldErrorProps('release-date', dateError)}
            {...register('releaseDate', { setValueAs: dateValue })}
          />
        </Field>
      </div>
      <div className="w-32">
        <Field id="release-time" label={t('At (time, WAT)')} error={timeErrorText}>
          <Input
            id="release-time"
            type="time"
            aria-required
            {...fieldErrorProps('release-time', timeError)}
            {...register('releaseTime')}
          />
        </Field>
      </div>
      <Button type="submit" variant="secondary" className="mt-6" disabled={setRelease.isPending}>
        {t('Set Time Release')}
      </Button>
    </form>
  );
}

type ManualReleaseValues = z.input<typeof manualReleaseFormSchema>;

/** The buyer releases the escrow to the seller now (asked twice: money leaves escrow for good). */
export function ManualReleaseForm({ transaction: tx }: { transaction: Transaction }) {
  const [confirming, setConfirming] = useState(false);
  const release = useManualRelease(tx.id);
  const form = useForm<ManualReleaseValues, unknown, z.output<typeof manualReleaseFormSchema>>({
    resolver: zodResolver(manualReleaseFormSchema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const submit = handleSubmit(
    async ({ reason }) => {
      try {
        await release.mutateAsync(reason || undefined);
        toast.success(t(TRANSACTION_SUCCESS.completed));
        setConfirming(false);
      } catch (failure) {
        if (showServerFieldErrors(failure, setError).length) return setConfirming(false);
        toast.error(failureText(failure, t(PAYMENT_CONDITION_TEXT.manualReleaseFailed)));
      }
    },
    // A refused reason is shown (and focused) in place of the confirmation.
    () => setConfirming(false),
  );

  const reasonError = errors.reason?.message;
  const reasonErrorText = reasonError ? t(reasonError) : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Field id="release-reason" label={t('Manual release reason (optional)')} error={reasonErrorText}>
        <Textarea
          id="release-reason"
          rows={2}
          maxLength={500}
          {...fieldErrorProps('release-reason', reasonError)}
          {...register('reason')}
        />
      </Field>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <span>
            {t('Release {amount} to the seller now? This cannot be undone.', {
              amount: formatMoney(tx.sellerReceives, tx.currency),
            })}
          </span>
          <Button type="submit" size="sm" disabled={release.isPending}>
            {t('Confirm Release')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            {t('Cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('Release Payment')}
        </Button>
      )}
    </form>
  );
}
