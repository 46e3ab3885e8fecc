import { useMutation } from '@tanstack/react-query';
import type { VirtualAccount } from '@escrow/shared/schemas/wallet';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

/**
 * ENHANCED unlocks a dedicated account number that funds the wallet by bank transfer.
 * It is issued by the payment provider on request (the sandbox's is marked "(test)"), never invented here.
 */
export function VirtualAccountCard() {
  const account = useMutation({
    mutationFn: () =>
      api<{ virtualAccount: VirtualAccount }>('/wallet/virtual-account', { method: 'POST' }).then(
        (d) => d.virtualAccount,
      ),
  });
  if (account.data)
    return (
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{t('Bank')}</dt>
          <dd className="font-medium text-slate-900">{account.data.bankName}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('Account number')}</dt>
          <dd className="font-mono font-medium text-slate-900">{account.data.accountNumber}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('Account name')}</dt>
          <dd className="font-medium text-slate-900">{account.data.accountName}</dd>
        </div>
      </dl>
    );
  return (
    <div className="flex flex-col items-start gap-2 text-sm text-slate-700">
      <p>{t('Transfers to this account number fund your wallet.')}</p>
      <Button variant="secondary" size="sm" disabled={account.isPending} onClick={() => account.mutate()}>
        {account.isPending ? t('Getting your account...') : t('Show my funding account')}
      </Button>
      {account.error ? (
        <p role="alert" className="text-red-700">
          {account.error.message}
        </p>
      ) : null}
    </div>
  );
}
