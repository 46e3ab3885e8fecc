import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { toMajor, toMinor, typedPositiveAmountToMinor } from '@escrow/shared/domain/money';
import { WALLET_TEXT, type Wallet } from '@escrow/shared/schemas/wallet';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { useBankAccounts } from '../api/bank-accounts';
import { createIdempotencyKeys, failureText } from '../../../lib/money-mutation';
import { useWithdraw } from '../api/withdraw';
import { BankAccountPicker } from './bank-account-picker';
import { TestModeBadge } from '../../../components/test-mode-badge';

type WithdrawDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: Wallet | undefined;
};

/**
 * Withdraw Funds (spec 02 §2.5, §5): a saved (or newly added) bank account and an amount. The ₦50 fee is
 * charged on top, so amount + fee must fit the balance ('Insufficient balance'); the server enforces this
 * and the daily limit again.
 */
export function WithdrawDialog({ open, onOpenChange, wallet }: WithdrawDialogProps) {
  const formId = useId();
  const [amount, setAmount] = useState('');
  const [chosenAccountId, setChosenAccountId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; account?: string; form?: string }>({});
  const [keys] = useState(createIdempotencyKeys);
  const withdraw = useWithdraw();
  const accounts = useBankAccounts(open);
  // The chosen account if it still exists, else the first saved one.
  const accountId =
    accounts.data?.find((a) => a.id === chosenAccountId)?.id ?? accounts.data?.[0]?.id ?? null;

  const feeMinor = wallet ? (toMinor(wallet.withdrawalFee) ?? 0) : 0;
  const balanceMinor = wallet ? (toMinor(wallet.balance) ?? 0) : 0;
  const amountMinor = typedPositiveAmountToMinor(amount);
  const remainingTodayMinor = wallet
    ? Math.max(
        0,
        (toMinor(wallet.limits.dailyWithdrawal) ?? 0) - (toMinor(wallet.limits.withdrawnToday) ?? 0),
      )
    : 0;

  function close(next: boolean) {
    if (!next) {
      setAmount('');
      setErrors({});
      withdraw.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!wallet) return;
    if (amountMinor === null) return setErrors({ amount: WALLET_TEXT.invalidAmount });
    if (amountMinor + feeMinor > balanceMinor) return setErrors({ amount: WALLET_TEXT.insufficientBalance });
    if (!accountId) return setErrors({ account: WALLET_TEXT.bankAccountRequired });
    setErrors({});
    const body = { amount: toMajor(amountMinor), bankAccountId: accountId };
    withdraw.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: ({ withdrawal }) => {
          keys.settle();
          toast.success(
            withdrawal.status === 'completed'
              ? `${WALLET_TEXT.withdrawalSuccessful}: ${formatMoney(withdrawal.amount)} + ${formatMoney(withdrawal.fee)} fee`
              : WALLET_TEXT.withdrawalProcessing,
          );
          close(false);
        },
        onError: (failure) => {
          keys.settle(failure);
          const text = failureText(failure, WALLET_TEXT.withdrawalFailed);
          setErrors({ form: text });
          toast.error(text);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Withdraw Funds"
      description={
        wallet
          ? `Available balance: ${formatMoney(wallet.balance, wallet.currency)}`
          : 'Send money to your bank.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={withdraw.isPending || !wallet}>
            {withdraw.isPending ? 'Processing...' : 'Withdraw'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {wallet?.testMode ? (
          <p className="flex items-center gap-2 text-sm text-amber-900">
            <TestModeBadge /> Payouts settle at once and no real money moves.
          </p>
        ) : null}
        {open ? (
          <BankAccountPicker selectedId={accountId} onSelect={setChosenAccountId} error={errors.account} />
        ) : null}
        <form id={formId} onSubmit={submit} noValidate className="space-y-3">
          <Field id={`${formId}-amount`} label="Amount (₦)" error={errors.amount}>
            <Input
              id={`${formId}-amount`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 20000"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              {...fieldErrorProps(`${formId}-amount`, errors.amount)}
            />
          </Field>
          {wallet ? (
            <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Withdrawal fee (charged on top)</dt>
                <dd className="font-medium text-slate-900">{formatMoney(toMajor(feeMinor))}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">Total debited</dt>
                <dd className="font-semibold text-slate-900" data-testid="withdraw-total">
                  {amountMinor === null ? '—' : formatMoney(toMajor(amountMinor + feeMinor))}
                </dd>
              </div>
              <div className="flex justify-between text-xs text-slate-500">
                <dt>Left to withdraw today</dt>
                <dd>{formatMoney(toMajor(remainingTodayMinor))}</dd>
              </div>
            </dl>
          ) : null}
          {errors.form ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.form}
            </p>
          ) : null}
        </form>
      </div>
    </Dialog>
  );
}
