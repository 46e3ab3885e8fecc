import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  countdownText,
  INSPECTION_TEXT,
  MAX_INSPECTION_EXTENSION_DAYS,
} from '@escrow/shared/domain/disputes';
import { extendInspectionSchema } from '@escrow/shared/schemas/disputes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../../components/ui/input';
import { useExtendInspection } from '../../api/lifecycle';
import { failureText } from '../../../../lib/money-mutation';
import { Select } from '../form-controls';
import { formatDeadline } from '../../../../lib/format';
import { numberValue, showServerFieldErrors } from '../../../../lib/form-values';
import { useFixAsYouType } from '../../../../lib/use-fix-as-you-type';
import { useNow } from '../../../../lib/use-now';

const EXTEND_FAILED = 'Failed to extend the inspection period';

type ExtendInput = z.input<typeof extendInspectionSchema>;
type ExtendBody = z.output<typeof extendInspectionSchema>;

/**
 * The inspection window (DESIGN "Inspection window"): while the item is with the buyer, both parties see
 * when the escrow is released by itself; the buyer may extend it once, by 1-7 days.
 */
export function InspectionWindow({ transaction: tx }: { transaction: Transaction }) {
  const now = useNow(60_000);
  const [open, setOpen] = useState(false);
  if (tx.status !== 'WAITING_FOR_BUYER_CONFIRMATION' || !tx.autoReleaseAt) return null;
  const countdown = countdownText(new Date(tx.autoReleaseAt), now);
  const date = formatDeadline(tx.autoReleaseAt);
  const buyer = tx.viewerRole === 'BUYER';
  return (
    <div
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="inspection-window"
    >
      <p>
        {buyer
          ? `Funds will be released to the seller automatically ${countdown} (${date}) unless you confirm receipt, raise a dispute or extend.`
          : `Funds will be released to you automatically ${countdown} (${date}) unless the buyer raises a dispute.`}
      </p>
      {buyer && !tx.inspectionExtendedAt ? (
        <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)}>
          Extend inspection
        </Button>
      ) : null}
      {tx.inspectionExtendedAt ? (
        <p className="mt-1 text-xs">The inspection period has been extended once.</p>
      ) : null}
      {open ? <ExtendDialog transaction={tx} onOpenChange={setOpen} /> : null}
    </div>
  );
}

function ExtendDialog({
  transaction,
  onOpenChange,
}: {
  transaction: Transaction;
  onOpenChange: (open: boolean) => void;
}) {
  const extend = useExtendInspection(transaction.id);
  // The server's own schema: the days are checked (and worded) the same on both sides.
  const form = useForm<ExtendInput, unknown, ExtendBody>({
    resolver: zodResolver(extendInspectionSchema),
    defaultValues: { days: 3 },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.days?.message;

  const submit = form.handleSubmit((body) =>
    extend.mutateAsync(body.days).then(
      () => {
        toast.success(INSPECTION_TEXT.extended);
        onOpenChange(false);
      },
      (failure: unknown) => {
        // A 400 naming the days lands on the field; the toast still says why it failed.
        showServerFieldErrors(failure, form.setError);
        toast.error(failureText(failure, EXTEND_FAILED));
      },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Extend inspection"
      description="You can extend the inspection period once. The seller is told."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={extend.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="extend-form" disabled={extend.isPending}>
            {extend.isPending ? 'Extending...' : 'Extend'}
          </Button>
        </>
      }
    >
      <form id="extend-form" onSubmit={submit} noValidate>
        <Field id="extend-days" label="Extend by" error={error}>
          <Select
            id="extend-days"
            {...fieldErrorProps('extend-days', error)}
            {...form.register('days', { setValueAs: numberValue })}
            options={Array.from({ length: MAX_INSPECTION_EXTENSION_DAYS }, (_, i) => ({
              value: String(i + 1),
              label: `${i + 1} day${i === 0 ? '' : 's'}`,
            }))}
          />
        </Field>
      </form>
    </Dialog>
  );
}
