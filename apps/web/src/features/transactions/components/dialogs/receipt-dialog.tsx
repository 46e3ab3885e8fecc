import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  RECEIPT_CHECKLIST_ITEMS,
  TRANSACTION_SUCCESS,
  TRANSACTION_TEXT,
  type ReceiptChecklist,
  type Transaction,
} from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { formatMoney } from '../../../../lib/format';
import { useConfirmReceipt } from '../../api/lifecycle';
import { failureText } from '../../api/wallet-link';

export const RECEIPT_FAILED = 'Failed to confirm receipt';

type Item = (typeof RECEIPT_CHECKLIST_ITEMS)[number];

export const CHECKLIST_LABELS: Record<Item, string> = {
  itemReceived: 'I have received the item',
  itemMatchesDescription: 'The item matches the description',
  itemConditionAcceptable: 'The item’s condition is acceptable',
  understandFundRelease: 'I understand that confirming releases the payment to the seller',
  noDisputes: 'I have no dispute about this transaction',
};

const NONE_TICKED = Object.fromEntries(RECEIPT_CHECKLIST_ITEMS.map((item) => [item, false])) as Record<
  Item,
  boolean
>;

type Props = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

/** Confirm Receipt of Goods: all five boxes, then the escrow is released to the seller. */
export function ReceiptDialog({ transaction, open, onOpenChange }: Props) {
  const [ticked, setTicked] = useState(NONE_TICKED);
  const confirm = useConfirmReceipt(transaction.id);
  const allTicked = RECEIPT_CHECKLIST_ITEMS.every((item) => ticked[item]);

  async function submit() {
    if (!allTicked) return void toast.error(TRANSACTION_TEXT.receiptChecklist);
    try {
      await confirm.mutateAsync(ticked as ReceiptChecklist);
      toast.success(TRANSACTION_SUCCESS.completed);
      onOpenChange(false);
    } catch (error) {
      toast.error(failureText(error, RECEIPT_FAILED));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm Receipt of Goods"
      description={`Confirming releases ${formatMoney(transaction.price, transaction.currency)} to the seller. This cannot be undone.`}
    >
      <fieldset className="space-y-3">
        <legend className="sr-only">Receipt checklist</legend>
        {RECEIPT_CHECKLIST_ITEMS.map((item) => (
          <label key={item} className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-700"
              checked={ticked[item]}
              onChange={(event) => setTicked((current) => ({ ...current, [item]: event.target.checked }))}
            />
            {CHECKLIST_LABELS[item]}
          </label>
        ))}
      </fieldset>
      {!allTicked ? <p className="mt-3 text-sm text-slate-600">{TRANSACTION_TEXT.receiptChecklist}</p> : null}
      <div className="mt-6 flex flex-wrap justify-between gap-2">
        {/* Something wrong: the dispute form, with this transaction chosen (the payment stays frozen). */}
        <Link
          to={`/app/disputes/create?transactionId=${encodeURIComponent(transaction.id)}`}
          className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Raise Dispute
        </Link>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!allTicked || confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm Receipt'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
