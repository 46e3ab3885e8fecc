import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { toMajor, typedPositiveAmountToMinor } from '@escrow/shared/domain/money';
import { WALLET_TEXT, type Wallet } from '@escrow/shared/schemas/wallet';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { useDeposit } from '../api/deposit';
import { createIdempotencyKeys, failureText } from '../../../lib/money-mutation';
import { TestModeBadge } from '../../../components/test-mode-badge';

type DepositDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: Wallet | undefined;
};

/**
 * Deposit Funds (spec 02 §2.5, §5). Sandbox deposits settle at once; with Paystack the browser goes to
 * the provider's payment page and the wallet is credited once the provider confirms.
 */
export function DepositDialog({ open, onOpenChange, wallet }: DepositDialogProps) {
  const formId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [keys] = useState(createIdempotencyKeys);
  const deposit = useDeposit();

  function close(next: boolean) {
    if (!next) {
      setAmount('');
      setError(undefined);
      deposit.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountMinor = typedPositiveAmountToMinor(amount);
    if (amountMinor === null) return setError(WALLET_TEXT.invalidAmount);
    setError(undefined);
    const body = { amount: toMajor(amountMinor) };
    deposit.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: ({ deposit: result }) => {
          keys.settle();
          if (result.status === 'pending' && result.authorizationUrl) {
            const url = new URL(result.authorizationUrl, window.location.href);
            if (url.protocol === 'https:' || url.protocol === 'http:') window.location.assign(url.href);
            else setError(WALLET_TEXT.depositFailed);
            return;
          }
          toast.success(
            result.status === 'completed' ? WALLET_TEXT.depositSuccessful : WALLET_TEXT.depositPending,
          );
          close(false);
        },
        onError: (failure) => {
          keys.settle(failure);
          const text = failureText(failure, WALLET_TEXT.depositFailed);
          setError(text);
          toast.error(text);
        },
      },
    );
  }

  const cap = wallet?.limits.maxBalance;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Deposit Funds"
      description={
        wallet
          ? `Current balance: ${formatMoney(wallet.balance, wallet.currency)}`
          : 'Add money to your wallet.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={deposit.isPending || !wallet}>
            {deposit.isPending ? 'Processing...' : 'Deposit'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {wallet?.testMode ? (
          <p className="flex items-center gap-2 text-sm text-amber-900">
            <TestModeBadge /> Deposits settle at once and no real money moves.
          </p>
        ) : null}
        <Field id={`${formId}-amount`} label="Amount (₦)" error={error}>
          <Input
            id={`${formId}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 50000"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...fieldErrorProps(`${formId}-amount`, error)}
          />
        </Field>
        {cap !== undefined && cap !== null ? (
          <p className="text-xs text-slate-500">
            At your verification level your balance can be at most {formatMoney(cap)} after a deposit.
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
