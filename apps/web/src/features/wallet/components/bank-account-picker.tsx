import { useId, useState, type Ref } from 'react';
import { toast } from 'sonner';
import type { BankAccount } from '@escrow/shared/schemas/wallet';
import { WALLET_TEXT } from '@escrow/shared/texts/wallet';
import { useTwoFactorPrompt } from '../../../components/two-factor-prompt';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { useBankAccounts, useDeleteBankAccount } from '../api/bank-accounts';
import { failureText } from '../../../lib/money-mutation';
import { AddBankAccountForm } from './add-bank-account-form';

/**
 * Choose a saved payout account, remove one (confirmed with a code when two-factor sign-in is on), or
 * add a new one (its resolved name is shown once saved).
 * `ref` is the group, so a form can focus its first control when no account is chosen.
 */
export function BankAccountPicker({
  ref,
  selectedId,
  onSelect,
  error,
}: {
  ref?: Ref<HTMLFieldSetElement>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  error?: string | undefined;
}) {
  const errorId = useId();
  const accounts = useBankAccounts();
  const remove = useDeleteBankAccount();
  const secondFactor = useTwoFactorPrompt();
  const [adding, setAdding] = useState(false);

  if (accounts.isPending) return <Spinner label={t('Loading bank accounts...')} />;
  if (accounts.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {t('Could not load your bank accounts.')}{' '}
        <button type="button" className="font-medium underline" onClick={() => void accounts.refetch()}>
          {t('Retry')}
        </button>
      </p>
    );

  const saved = accounts.data;
  const showForm = adding || saved.length === 0;
  function handleSaved(account: BankAccount) {
    setAdding(false);
    onSelect(account.id);
  }
  function removeAccount(account: BankAccount) {
    secondFactor.run(
      async (twoFactorCode) => {
        await remove.mutateAsync({ id: account.id, twoFactorCode });
        toast.success(t(WALLET_TEXT.bankAccountRemoved));
        if (selectedId === account.id) onSelect(null);
      },
      (failure) => toast.error(failureText(failure, t('Failed to remove bank account'))),
    );
  }

  return (
    <fieldset ref={ref} aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('Bank account')}</legend>
      {saved.map((account) => (
        <div
          key={account.id}
          className={cn(
            'flex items-center gap-3 rounded-lg border p-3',
            selectedId === account.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200',
          )}
        >
          <input
            type="radio"
            name="withdraw-bank-account"
            id={`bank-account-${account.id}`}
            checked={selectedId === account.id}
            onChange={() => onSelect(account.id)}
            className="h-4 w-4 accent-brand-700"
          />
          <label htmlFor={`bank-account-${account.id}`} className="min-w-0 flex-1 text-sm">
            <span className="block font-medium text-slate-900">{account.accountName}</span>
            <span className="block text-slate-600">
              {account.bankName} · {account.accountNumber}
            </span>
          </label>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('Remove {bank} {accountNumber}', {
              bank: account.bankName,
              accountNumber: account.accountNumber,
            })}
            disabled={remove.isPending || secondFactor.busy}
            onClick={() => removeAccount(account)}
          >
            {t('Remove')}
          </Button>
        </div>
      ))}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {showForm ? (
        <AddBankAccountForm
          onSaved={handleSaved}
          onCancel={saved.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
          {t('Add bank account')}
        </Button>
      )}
      {secondFactor.prompt}
    </fieldset>
  );
}
