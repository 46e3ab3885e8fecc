import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import {
  RECEIPT_CHECKLIST_ITEMS,
  receiptChecklistSchema,
  type ReceiptChecklist,
  type Transaction,
} from '@escrow/shared/schemas/transactions';
import { TRANSACTION_SUCCESS, TRANSACTION_TEXT } from '@escrow/shared/texts/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { cn } from '../../../../lib/cn';
import { formatMoney } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { showServerFieldErrors } from '../../../../lib/form-values';
import { useFixAsYouType } from '../../../../lib/use-fix-as-you-type';
import { useConfirmReceipt } from '../../api/lifecycle';
import { failureText } from '../../../../lib/money-mutation';

export const RECEIPT_FAILED = msg('Failed to confirm receipt');

type Item = (typeof RECEIPT_CHECKLIST_ITEMS)[number];

export const CHECKLIST_LABELS: Record<Item, string> = {
  itemReceived: msg('I have received the item'),
  itemMatchesDescription: msg('The item matches the description'),
  itemConditionAcceptable: msg('The item’s condition is acceptable'),
  understandFundRelease: msg('I understand that confirming releases the payment to the seller'),
  noDisputes: msg('I have no dispute about this transaction'),
};

type Ticked = Record<Item, boolean>;
const NONE_TICKED = Object.fromEntries(RECEIPT_CHECKLIST_ITEMS.map((item) => [item, false])) as Ticked;
// The boxes start unticked; the shared schema (every box `true`) says which are still missing.
const checklistResolver = zodResolver(receiptChecklistSchema) as unknown as Resolver<
  Ticked,
  unknown,
  ReceiptChecklist
>;

type Props = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Confirm Receipt of Goods: all five boxes (the shared checklist schema), then the escrow is released to
 * the seller. Confirm stays pressable: with a box unticked it focuses the first such box, the message
 * beside the list and each unticked box pointing at it.
 */
export function ReceiptDialog({ transaction, open, onOpenChange }: Props) {
  const hintId = useId();
  const confirm = useConfirmReceipt(transaction.id);
  const form = useForm<Ticked, unknown, ReceiptChecklist>({
    resolver: checklistResolver,
    defaultValues: NONE_TICKED,
  });
  useFixAsYouType(form);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const ticked = useWatch({ control: form.control });
  const allTicked = RECEIPT_CHECKLIST_ITEMS.every((item) => ticked[item]);
  const refused = RECEIPT_CHECKLIST_ITEMS.some((item) => errors[item]);

  const submit = handleSubmit(
    async (checklist) => {
      try {
        await confirm.mutateAsync(checklist);
        toast.success(t(TRANSACTION_SUCCESS.completed));
        onOpenChange(false);
      } catch (error) {
        if (showServerFieldErrors(error, setError).length) return;
        toast.error(failureText(error, t(RECEIPT_FAILED)));
      }
    },
    () => toast.error(t(TRANSACTION_TEXT.receiptChecklist)),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Confirm Receipt of Goods')}
      description={t('Confirming releases {amount} to the seller. This cannot be undone.', {
        amount: formatMoney(transaction.sellerReceives, transaction.currency),
      })}
    >
      <form onSubmit={submit} noValidate>
        <fieldset className="space-y-3">
          <legend className="sr-only">{t('Receipt checklist')}</legend>
          {RECEIPT_CHECKLIST_ITEMS.map((item) => (
            <label key={item} className="flex items-start gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-700"
                aria-invalid={errors[item] ? true : undefined}
                aria-describedby={errors[item] ? hintId : undefined}
                {...register(item)}
              />
              {t(CHECKLIST_LABELS[item])}
            </label>
          ))}
        </fieldset>
        {!allTicked ? (
          <p
            id={hintId}
            role={refused ? 'alert' : undefined}
            className={cn('mt-3 text-sm', refused ? 'text-red-600' : 'text-slate-600')}
          >
            {t(TRANSACTION_TEXT.receiptChecklist)}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-between gap-2">
          {/* Something wrong: the dispute form, with this transaction chosen (the payment stays frozen). */}
          <Link
            to={`/app/disputes/create?transactionId=${encodeURIComponent(transaction.id)}`}
            className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t('Raise Dispute')}
          </Link>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? t('Confirming...') : t('Confirm Receipt')}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
