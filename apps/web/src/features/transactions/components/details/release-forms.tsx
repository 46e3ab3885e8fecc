import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PAYMENT_CONDITION_TEXT } from '@escrow/shared/schemas/payment-conditions';
import { TRANSACTION_SUCCESS, type Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../../components/ui/input';
import { formatMoney } from '../../../../lib/format';
import { useManualRelease, useSetTimeRelease } from '../../api/payment-conditions';
import { failureText } from '../../api/wallet-link';
import { Textarea } from '../form-controls';

/** 'YYYY-MM-DDTHH:mm' in the browser's local time, the value format of a datetime-local input. */
export function localDateTimeValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The buyer schedules an automatic release; the picker refuses past moments. */
export function TimeReleaseForm({ transactionId }: { transactionId: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const setRelease = useSetTimeRelease(transactionId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) {
      toast.error(PAYMENT_CONDITION_TEXT.releaseDateRequired);
      return setError(PAYMENT_CONDITION_TEXT.releaseDateRequired);
    }
    const when = new Date(value);
    if (Number.isNaN(when.getTime()) || when.getTime() <= Date.now())
      return setError(PAYMENT_CONDITION_TEXT.releaseDatePast);
    try {
      await setRelease.mutateAsync({
        releaseDate: when.toISOString(),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      toast.success('Time-based release scheduled');
      setValue('');
    } catch (failure) {
      toast.error(failureText(failure, PAYMENT_CONDITION_TEXT.timeReleaseFailed));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="min-w-56 flex-1">
        <Field id="release-date" label="Release payment automatically on" error={error}>
          <Input
            id="release-date"
            type="datetime-local"
            min={localDateTimeValue(new Date())}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
            {...fieldErrorProps('release-date', error)}
          />
        </Field>
      </div>
      <Button type="submit" variant="secondary" disabled={setRelease.isPending}>
        Set Time Release
      </Button>
    </form>
  );
}

/** The buyer releases the escrow to the seller now (asked twice: money leaves escrow for good). */
export function ManualReleaseForm({ transaction: tx }: { transaction: Transaction }) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const release = useManualRelease(tx.id);

  async function submit() {
    try {
      await release.mutateAsync(reason.trim() || undefined);
      toast.success(TRANSACTION_SUCCESS.completed);
      setConfirming(false);
    } catch (failure) {
      toast.error(failureText(failure, PAYMENT_CONDITION_TEXT.manualReleaseFailed));
    }
  }

  return (
    <div className="space-y-2">
      <Field id="release-reason" label="Manual release reason (optional)">
        <Textarea
          id="release-reason"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <span>Release {formatMoney(tx.price, tx.currency)} to the seller now? This cannot be undone.</span>
          <Button size="sm" onClick={() => void submit()} disabled={release.isPending}>
            Confirm Release
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Release Payment
        </Button>
      )}
    </div>
  );
}
