import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { toMajor, toMinor } from '@escrow/shared/domain/money';
import { withdrawBodySchema, type Wallet, type WithdrawInput } from '@escrow/shared/schemas/wallet';
import { WALLET_TEXT } from '@escrow/shared/texts/wallet';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { amountValue, showServerFieldErrors } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useBankAccounts } from '../api/bank-accounts';
import { createIdempotencyKeys, failureText } from '../../../lib/money-mutation';
import { useWithdraw } from '../api/withdraw';
import { BankAccountPicker } from './bank-account-picker';
import { TestModeBadge } from '../../../components/test-mode-badge';
import { useTwoFactorPrompt } from '../../../components/two-factor-prompt';

type WithdrawDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: Wallet | undefined;
};

type WithdrawFormValues = { amount: number | undefined; bankAccountId: string };

/**
 * The server's withdraw schema, plus what the dialog knows of the wallet: the fee is charged on top, so
 * amount + fee must fit the balance (the server checks this again against the ledger).
 */
function withdrawFormSchema(balanceMinor: number, feeMinor: number) {
  return withdrawBodySchema.superRefine(({ amount }, ctx) => {
    if ((toMinor(amount) ?? 0) + feeMinor > balanceMinor)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: WALLET_TEXT.insufficientBalance });
  });
}

/** A typed amount in kobo for the total line, or null until it is a valid one. */
function positiveMinor(amount: number | undefined): number | null {
  const minor = amount === undefined ? null : toMinor(amount);
  return minor !== null && minor > 0 ? minor : null;
}

/**
 * Withdraw Funds on react-hook-form with the server's withdraw schema: a saved (or
 * newly added) bank account and an amount, each refusal next to its field and the first one focused.
 * The ₦50 fee is charged on top ('Insufficient balance'); the server enforces this and the daily limit.
 * With two-factor sign-in on, a code from the app confirms it.
 */
export function WithdrawDialog({ open, onOpenChange, wallet }: WithdrawDialogProps) {
  const formId = useId();
  const pickerRef = useRef<HTMLFieldSetElement>(null);
  const [keys] = useState(createIdempotencyKeys);
  const withdraw = useWithdraw();
  const secondFactor = useTwoFactorPrompt({ active: open });
  const accounts = useBankAccounts(open);

  const feeMinor = wallet ? (toMinor(wallet.withdrawalFee) ?? 0) : 0;
  const balanceMinor = wallet ? (toMinor(wallet.balance) ?? 0) : 0;
  const remainingTodayMinor = wallet
    ? Math.max(
        0,
        (toMinor(wallet.limits.dailyWithdrawal) ?? 0) - (toMinor(wallet.limits.withdrawnToday) ?? 0),
      )
    : 0;

  // `bankAccountId` holds the account the user picked; the one sent is that account if it still
  // exists, else the first saved one (a just-added account is picked before the list refetches).
  const sentAccountId = (chosen: string) =>
    accounts.data?.find((a) => a.id === chosen)?.id ?? accounts.data?.[0]?.id ?? '';
  // The form holds what is typed (a blank amount is undefined); the schema says what is missing.
  const check = zodResolver(withdrawFormSchema(balanceMinor, feeMinor)) as unknown as Resolver<
    WithdrawFormValues,
    unknown,
    WithdrawInput
  >;
  const resolver: typeof check = (values, context, options) =>
    check({ ...values, bankAccountId: sentAccountId(values.bankAccountId) }, context, options);
  const form = useForm<WithdrawFormValues, unknown, WithdrawInput>({
    resolver,
    defaultValues: { bankAccountId: '' },
    // The account picker is not one input: focus is placed by `focusFirstRefusal`, in screen order.
    shouldFocusError: false,
  });
  useFixAsYouType(form);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    getValues,
    formState: { errors, isSubmitted },
  } = form;
  const [chosenAccountId, amount] = useWatch({ control: form.control, name: ['bankAccountId', 'amount'] });
  const accountId = sentAccountId(chosenAccountId) || null;
  const amountMinor = positiveMinor(amount);

  function close(next: boolean) {
    if (!next) {
      // A fresh amount next time; the account picked stays picked.
      reset({ bankAccountId: getValues('bankAccountId') });
      withdraw.reset();
    }
    onOpenChange(next);
  }

  function focusFirstRefusal(refused: Partial<Record<keyof WithdrawFormValues, unknown>>) {
    if (refused.bankAccountId) pickerRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    else if (refused.amount) setFocus('amount');
  }

  // With two-factor sign-in on, the code is asked before sending (or when the server says it is
  // missing); the same Idempotency-Key goes with it, since a two-factor refusal never settles the key.
  const send = (body: WithdrawInput) => {
    if (!wallet) return;
    const idempotencyKey = keys.keyFor(body);
    secondFactor.run(
      async (twoFactorCode) => {
        const { withdrawal } = await withdraw.mutateAsync({ body, idempotencyKey, twoFactorCode });
        keys.settle();
        toast.success(
          withdrawal.status === 'completed'
            ? t('Withdrawal successful: {amount} + {fee} fee', {
                amount: formatMoney(withdrawal.amount),
                fee: formatMoney(withdrawal.fee),
              })
            : t(WALLET_TEXT.withdrawalProcessing),
        );
        close(false);
      },
      (failure) => {
        keys.settle(failure);
        const marked = showServerFieldErrors(failure, setError);
        if (marked.length) return focusFirstRefusal(Object.fromEntries(marked.map((f) => [f, true])));
        const text = failureText(failure, t(WALLET_TEXT.withdrawalFailed));
        setError('root.server', { message: text });
        toast.error(text);
      },
    );
  };
  const submit = (event: FormEvent) => handleSubmit(send, focusFirstRefusal)(event);
  // The schema's messages are English ids; the server's (a 400's details) come translated and pass through.
  const amountError = errors.amount?.message && t(errors.amount.message);
  const accountError = errors.bankAccountId?.message && t(errors.bankAccountId.message);
  const formError = errors.root?.server?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('Withdraw Funds')}
      description={
        wallet
          ? t('Available balance: {balance}', { balance: formatMoney(wallet.balance, wallet.currency) })
          : t('Send money to your bank.')
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={withdraw.isPending || secondFactor.busy || !wallet}>
            {withdraw.isPending ? t('Processing...') : t('Withdraw')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {wallet?.testMode ? (
          <p className="flex items-center gap-2 text-sm text-amber-900">
            <TestModeBadge /> {t('Payouts settle at once and no real money moves.')}
          </p>
        ) : null}
        {open ? (
          <BankAccountPicker
            ref={pickerRef}
            selectedId={accountId}
            onSelect={(id) => setValue('bankAccountId', id ?? '', { shouldValidate: isSubmitted })}
            error={accountError}
          />
        ) : null}
        <form id={formId} onSubmit={submit} noValidate className="space-y-3">
          <Field id={`${formId}-amount`} label={t('Amount (₦)')} error={amountError}>
            <Input
              id={`${formId}-amount`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('e.g. 20000')}
              aria-required
              {...fieldErrorProps(`${formId}-amount`, amountError)}
              {...register('amount', { setValueAs: amountValue })}
            />
          </Field>
          {wallet ? (
            <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('Withdrawal fee (charged on top)')}</dt>
                <dd className="font-medium text-slate-900">{formatMoney(toMajor(feeMinor))}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('Total debited')}</dt>
                <dd className="font-semibold text-slate-900" data-testid="withdraw-total">
                  {amountMinor === null ? '—' : formatMoney(toMajor(amountMinor + feeMinor))}
                </dd>
              </div>
              <div className="flex justify-between text-xs text-slate-500">
                <dt>{t('Left to withdraw today')}</dt>
                <dd>{formatMoney(toMajor(remainingTodayMinor))}</dd>
              </div>
            </dl>
          ) : null}
          {formError ? (
            <p role="alert" className="text-sm text-red-600">
              {formError}
            </p>
          ) : null}
        </form>
        {secondFactor.prompt}
      </div>
    </Dialog>
  );
}
