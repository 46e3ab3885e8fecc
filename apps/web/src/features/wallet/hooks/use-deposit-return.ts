import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { WALLET_TEXT } from '@escrow/shared/texts/wallet';
import { t } from '../../../lib/i18n';
import { failureText } from '../../../lib/money-mutation';
import { useVerifyDeposit } from '../api/verify-deposit';
import { usePaymentReturn } from './use-payment-return';

/**
 * After a provider checkout (Paystack) the browser comes back to /app/wallet?reference=…: ask the server
 * to verify that deposit once, say how it went, and drop the reference from the URL; a deposit made for a
 * payment goes back to that payment once it is in.
 */
export function useDepositReturn() {
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference');
  const verify = useVerifyDeposit();
  const handled = useRef<string | null>(null);
  const { mutate } = verify;
  const { backToPayment } = usePaymentReturn();

  useEffect(() => {
    if (!reference || handled.current === reference) return;
    handled.current = reference;
    let leftForPayment = false;
    mutate(reference, {
      onSuccess: ({ deposit }) => {
        if (deposit.status === 'completed') {
          toast.success(t(WALLET_TEXT.depositSuccessful));
          leftForPayment = backToPayment(true);
        } else if (deposit.status === 'pending') toast.info(t(WALLET_TEXT.depositPending));
        else toast.error(t(WALLET_TEXT.depositFailed));
      },
      onError: (error) => toast.error(failureText(error, t(WALLET_TEXT.depositFailed))),
      onSettled: () => {
        // Gone back to the payment: this page's URL no longer matters.
        if (leftForPayment) return;
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            updated.delete('reference');
            updated.delete('trxref');
            return updated;
          },
          { replace: true },
        );
      },
    });
  }, [reference, mutate, setParams, backToPayment]);

  return verify.isPending;
}
