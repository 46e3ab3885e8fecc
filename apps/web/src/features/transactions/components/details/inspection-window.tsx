import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
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
  const [open, setOpen] = useState(false);
  if (tx.status !== 'WAITING_FOR_BUYER_CONFIRMATION' || !tx.autoReleaseAt) return null;
  const buyer = tx.viewerRole === 'BUYER';
  return (
    <ReleaseCountdown
      until={tx.autoReleaseAt}
      testId="inspection-window"
      text={(countdown, date) =>
        buyer
          ? `Funds will be released to the seller automatically ${countdown} (${date}) unless you confirm receipt, raise a dispute or extend.`
          : `Funds will be released to you automatically ${countdown} (${date}) unless the buyer raises a dispute.`
      }
      canExtend={buyer && !tx.inspectionExtendedAt}
      extended={tx.inspectionExtendedAt !== null}
      onExtend={() => setOpen(true)}
    >
      {open ? <TransactionExtendDialog transaction={tx} onOpenChange={setOpen} /> : null}
    </ReleaseCountdown>
  );
}

/**
 * The countdown to an automatic release ('in 2 days 3 hours (21 Nov 2026, 14:30 WAT)'), moving on the
 * open screen, with the buyer's Extend (once): a one-off trade's window and each delivered milestone's.
 */
export function ReleaseCountdown({
  until,
  text,
  canExtend,
  extended,
  onExtend,
  testId,
  children,
}: {
  until: string;
  text: (countdown: string, date: string) => string;
  canExtend: boolean;
  extended: boolean;
  onExtend: () => void;
  testId: string;
  children?: ReactNode;
}) {
  const now = useNow(60_000);
  return (
    <div
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid={testId}
    >
      <p>{text(countdownText(new Date(until), now), formatDeadline(until))}</p>
      {canExtend ? (
        <Button variant="secondary" className="mt-2" onClick={onExtend}>
          Extend inspection
        </Button>
      ) : null}
      {extended ? <p className="mt-1 text-xs">The inspection period has been extended once.</p> : null}
      {children}
    </div>
  );
}

function TransactionExtendDialog({
  transaction,
  onOpenChange,
}: {
  transaction: Transaction;
  onOpenChange: (open: boolean) => void;
}) {
  const extend = useExtendInspection(transaction.id);
  return <ExtendDialog send={extend.mutateAsync} pending={extend.isPending} onOpenChange={onOpenChange} />;
}

/** Extend inspection: 1-7 days, checked (and worded) by the server's own schema. */
export function ExtendDialog({
  send,
  pending,
  onOpenChange,
  description = 'You can extend the inspection period once. The seller is told.',
}: {
  send: (days: number) => Promise<unknown>;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  description?: string;
}) {
  const form = useForm<ExtendInput, unknown, ExtendBody>({
    resolver: zodResolver(extendInspectionSchema),
    defaultValues: { days: 3 },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.days?.message;

  const submit = form.handleSubmit((body) =>
    send(body.days).then(
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
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="extend-form" disabled={pending}>
            {pending ? 'Extending...' : 'Extend'}
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
