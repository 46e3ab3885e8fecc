import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { depositBodySchema, type DepositInput, type Wallet } from '@escrow/shared/schemas/wallet';
import { WALLET_TEXT } from '@escrow/shared/texts/wallet';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { amountValue, showServerFieldErrors } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useDeposit } from '../api/deposit';
import { createIdempotencyKeys, failureText } from '../../../lib/money-mutation';
import { TestModeBadge } from '../../../components/test-mode-badge';
import { usePaymentReturn } from '../hooks/use-payment-return';

type DepositDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: Wallet | undefined;
};

/**
 * Deposit Funds on react-hook-form with the server's deposit schema, so a refused
 * amount is said next to the field in the server's words. Sandbox deposits settle at once; with Paystack
 * the browser goes to the provider's payment page and the wallet is credited once the provider confirms.
 */
export function DepositDialog({ open, onOpenChange, wallet }: DepositDialogProps) {
  const formId = useId();
  const [keys] = useState(createIdempotencyKeys);
  const deposit = useDeposit();
  const payment = usePaymentReturn();
  const form = useForm<DepositInput>({ resolver: zodResolver(depositBodySchema) });
  useFixAsYouType(form);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  // A failure without a field of its own is said under the amount, as before the form library.
  const showFailure = (message: string) => setError('amount', { type: 'server', message });

  function close(next: boolean) {
    if (!next) {
      reset();
      deposit.reset();
    }
    onOpenChange(next);
  }

  const submit = handleSubmit((body) =>
    deposit.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: ({ deposit: result }) => {
          keys.settle();
          if (result.status === 'pending' && result.authorizationUrl) {
            const url = new URL(result.authorizationUrl, window.location.href);
            if (url.protocol === 'https:' || url.protocol === 'http:') {
              payment.rememberForCheckout();
              window.location.assign(url.href);
            } else showFailure(t(WALLET_TEXT.depositFailed));
            return;
          }
          toast.success(
            result.status === 'completed' ? t(WALLET_TEXT.depositSuccessful) : t(WALLET_TEXT.depositPending),
          );
          if (result.status === 'completed' && payment.backToPayment()) return;
          close(false);
        },
        onError: (failure) => {
          keys.settle(failure);
          if (showServerFieldErrors(failure, setError).length) return;
          const text = failureText(failure, t(WALLET_TEXT.depositFailed));
          showFailure(text);
          toast.error(text);
        },
      },
    ),
  );

  // The schema's messages are English ids; the server's (and showFailure's) come translated and pass through.
  const error = errors.amount?.message && t(errors.amount.message);
  const cap = wallet?.limits.maxBalance;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('Deposit Funds')}
      description={
        wallet
          ? t('Current balance: {balance}', { balance: formatMoney(wallet.balance, wallet.currency) })
          : t('Add money to your wallet.')
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={deposit.isPending || !wallet}>
            {deposit.isPending ? t('Processing...') : t('Deposit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {wallet?.testMode ? (
          <p className="flex items-center gap-2 text-sm text-amber-900">
            <TestModeBadge /> {t('Deposits settle at once and no real money moves.')}
          </p>
        ) : null}
        <Field id={`${formId}-amount`} label={t('Amount (₦)')} error={error}>
          <Input
            id={`${formId}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('e.g. 50000')}
            aria-required
            {...fieldErrorProps(`${formId}-amount`, error)}
            {...register('amount', { setValueAs: amountValue })}
          />
        </Field>
        {payment.returnTo ? (
          <p className="text-sm text-slate-600">
            {t('Once the deposit is in, you go back to your payment.')}{' '}
            <Link to={payment.returnTo} className="font-medium text-brand-700 underline">
              {t('Back to the payment')}
            </Link>
          </p>
        ) : null}
        {cap !== undefined && cap !== null ? (
          <p className="text-xs text-slate-500">
            {t('At your verification level your balance can be at most {cap} after a deposit.', {
              cap: formatMoney(cap),
            })}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
