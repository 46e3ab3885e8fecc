import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { WALLET_TEXT, addBankAccountBodySchema, type BankAccount } from '@escrow/shared/schemas/wallet';
import { Button } from '../../../components/ui/button';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { useAddBankAccount } from '../api/bank-accounts';
import { useBanks } from '../api/banks';
import { createIdempotencyKeys, failureText } from '../../../lib/money-mutation';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-500';

/**
 * Adds a payout account: a bank from GET /api/banks and a 10-digit NUBAN (checked here with the same
 * schema as the server, check digit included). The provider resolves the account name, shown once saved.
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
  const [keys] = useState(createIdempotencyKeys);
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [errors, setErrors] = useState<{ bankCode?: string; accountNumber?: string; form?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = addBankAccountBodySchema.safeParse({ bankCode, accountNumber });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'bankCode' ? 'bankCode' : 'accountNumber';
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    add.mutate(
      { body: parsed.data, idempotencyKey: keys.keyFor(parsed.data) },
      {
        onSuccess: (account) => {
          keys.settle();
          toast.success(`Bank account saved: ${account.accountName}`);
          setAccountNumber('');
          onSaved(account);
        },
        onError: (failure) => {
          keys.settle(failure);
          setErrors({ form: failureText(failure, WALLET_TEXT.bankAccountUnresolved) });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-3">
      <Field id={`${id}-bank`} label="Bank" error={errors.bankCode}>
        <select
          id={`${id}-bank`}
          className={selectClass}
          value={bankCode}
          disabled={banks.isPending}
          onChange={(event) => setBankCode(event.target.value)}
          {...fieldErrorProps(`${id}-bank`, errors.bankCode)}
        >
          <option value="">{banks.isError ? 'Could not load banks' : 'Select a bank'}</option>
          {banks.data?.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {bank.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-account`} label="Account number" error={errors.accountNumber}>
        <Input
          id={`${id}-account`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder="10-digit NUBAN"
          value={accountNumber}
          onChange={(event) => setAccountNumber(event.target.value.replace(/\D/g, ''))}
          {...fieldErrorProps(`${id}-account`, errors.accountNumber)}
        />
      </Field>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Verifying...' : 'Save bank account'}
        </Button>
      </div>
    </form>
  );
}
