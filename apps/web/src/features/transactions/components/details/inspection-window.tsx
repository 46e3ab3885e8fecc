import { useState } from 'react';
import { toast } from 'sonner';
import {
  countdownText,
  INSPECTION_TEXT,
  MAX_INSPECTION_EXTENSION_DAYS,
} from '@escrow/shared/domain/disputes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field } from '../../../../components/ui/input';
import { useExtendInspection } from '../../api/lifecycle';
import { failureText } from '../../api/wallet-link';
import { Select } from '../form-controls';
import { formatLagosDateTime } from '../../../../lib/format';
import { useNow } from '../../../../lib/use-now';

const EXTEND_FAILED = 'Failed to extend the inspection period';

/**
 * The inspection window (DESIGN "Inspection window"): while the item is with the buyer, both parties see
 * when the escrow is released by itself; the buyer may extend it once, by 1-7 days.
 */
export function InspectionWindow({ transaction: tx }: { transaction: Transaction }) {
  const now = useNow(60_000);
  const [open, setOpen] = useState(false);
  if (tx.status !== 'WAITING_FOR_BUYER_CONFIRMATION' || !tx.autoReleaseAt) return null;
  const countdown = countdownText(new Date(tx.autoReleaseAt), now);
  const date = formatLagosDateTime(tx.autoReleaseAt);
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
  const [days, setDays] = useState('3');
  const extend = useExtendInspection(transaction.id);
  async function submit() {
    try {
      await extend.mutateAsync(Number(days));
      toast.success(INSPECTION_TEXT.extended);
      onOpenChange(false);
    } catch (error) {
      toast.error(failureText(error, EXTEND_FAILED));
    }
  }
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
          <Button onClick={() => void submit()} disabled={extend.isPending}>
            {extend.isPending ? 'Extending...' : 'Extend'}
          </Button>
        </>
      }
    >
      <Field id="extend-days" label="Extend by">
        <Select
          id="extend-days"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          options={Array.from({ length: MAX_INSPECTION_EXTENSION_DAYS }, (_, i) => ({
            value: String(i + 1),
            label: `${i + 1} day${i === 0 ? '' : 's'}`,
          }))}
        />
      </Field>
    </Dialog>
  );
}
