import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { WALLET_TEXT } from '@escrow/shared/schemas/wallet';
import { failureText } from '../../../lib/money-mutation';
import { useVerifyDeposit } from '../api/verify-deposit';

/**
 * After a provider checkout (Paystack) the browser comes back to /app/wallet?reference=…: ask the server
 * to verify that deposit once, say how it went, and drop the reference from the URL.
 */
export function useDepositReturn() {
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference');
  const verify = useVerifyDeposit();
  const handled = useRef<string | null>(null);
  const { mutate } = verify;

  useEffect(() => {
    if (!reference || handled.current === reference) return;
    handled.current = reference;
    mutate(reference, {
      onSuccess: ({ deposit }) => {
        if (deposit.status === 'completed') toast.success(WALLET_TEXT.depositSuccessful);
        else if (deposit.status === 'pending') toast.info(WALLET_TEXT.depositPending);
        else toast.error(WALLET_TEXT.depositFailed);
      },
      onError: (error) => toast.error(failureText(error, WALLET_TEXT.depositFailed)),
      onSettled: () =>
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            updated.delete('reference');
            updated.delete('trxref');
            return updated;
          },
          { replace: true },
        ),
    });
  }, [reference, mutate, setParams]);

  return verify.isPending;
}
