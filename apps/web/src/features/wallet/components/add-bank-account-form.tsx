import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  addBankAccountBodySchema,
  type AddBankAccountInput,
  type BankAccount,
} from '@escrow/shared/schemas/wallet';
import { WALLET_TEXT } from '@escrow/shared/texts/wallet';
import { useTwoFactorPrompt } from '../../../components/two-factor-prompt';
import { Button } from '../../../components/ui/button';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { showServerFieldErrors } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useAddBankAccount } from '../api/bank-accounts';
import { useBanks } from '../api/banks';
import { createIdempotencyKeys, failureText } from '../../../lib/money-mutation';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-500';

/**
 * Adds a payout account: a bank from GET /api/banks and a 10-digit NUBAN, on react-hook-form with the
 * server's own schema (check digit included), each message next to its field. The provider resolves the
 * account name, shown once saved. With two-factor sign-in on, a code from the app confirms it.
 */
export function AddBankAccountForm({
  onSaved,
  onCancel,
}: {
  onSaved: (account: BankAccount) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const banks = useBanks();
  const add = useAddBankAccount();
  const secondFactor = useTwoFactorPrompt();
  const [keys] = useState(createIdempotencyKeys);
  const form = useForm<AddBankAccountInput>({
    resolver: zodResolver(addBankAccountBodySchema),
    defaultValues: { bankCode: '', accountNumber: '' },
  });
  useFixAsYouType(form);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = form;
  // Registered in screen order: a refused submit focuses the first field in this order.
  const bankCode = register('bankCode');
  const accountNumber = register('accountNumber');

  const submit = handleSubmit((body) => {
    const idempotencyKey = keys.keyFor(body);
    secondFactor.run(
      async (twoFactorCode) => {
        const account = await add.mutateAsync({ body, idempotencyKey, twoFactorCode });
        keys.settle();
        toast.success(t('Bank account saved: {name}', { name: account.accountName }));
        setValue('accountNumber', '');
        onSaved(account);
      },
      (failure) => {
        keys.settle(failure);
        if (showServerFieldErrors(failure, setError).length) return;
        setError('root.server', { message: failureText(failure, t(WALLET_TEXT.bankAccountUnresolved)) });
      },
    );
  });
  const formError = errors.root?.server?.message;
  // The schema's messages are English ids; the server's (a 400's details) come translated and pass through.
  const bankError = errors.bankCode?.message && t(errors.bankCode.message);
  const accountError = errors.accountNumber?.message && t(errors.accountNumber.message);

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-3">
        <Field id={`${id}-bank`} label={t('Bank')} error={bankError}>
          <select
            id={`${id}-bank`}
            className={selectClass}
            disabled={banks.isPending}
            aria-required
            {...fieldErrorProps(`${id}-bank`, bankError)}
            {...bankCode}
          >
            <option value="">{banks.isError ? t('Could not load banks') : t('Select a bank')}</option>
            {banks.data?.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-account`} label={t('Account number')} error={accountError}>
          <Input
            id={`${id}-account`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            placeholder={t('10-digit NUBAN')}
            aria-required
            {...fieldErrorProps(`${id}-account`, accountError)}
            {...accountNumber}
            // Digits only: a pasted '012 345 6789' becomes the NUBAN.
            onChange={(event) => {
              event.target.value = event.target.value.replace(/\D/g, '');
              return accountNumber.onChange(event);
            }}
          />
        </Field>
        {formError ? (
          <p role="alert" className="text-sm text-red-600">
            {formError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          {onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              {t('Cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={add.isPending || secondFactor.busy}>
            {add.isPending ? t('Verifying...') : t('Save bank account')}
          </Button>
        </div>
      </form>
      {/* Outside the form: the prompt's own form would submit this one too (React events cross portals). */}
      {secondFactor.prompt}
    </>
  );
}
