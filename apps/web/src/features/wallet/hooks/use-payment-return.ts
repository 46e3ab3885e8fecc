import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

// Survives the trip to a provider's checkout and back (same tab).
const CHECKOUT_RETURN_KEY = 'amana:deposit-return-to';

/** Only the app's own payment pages: a crafted link cannot send the buyer elsewhere after a deposit. */
export function paymentReturnPath(value: string | null): string | null {
  return value && /^\/app\/payment\/[A-Za-z0-9-]+$/.test(value) ? value : null;
}

/**
 * A deposit started from a payment (`/app/wallet?action=deposit&returnTo=/app/payment/{id}`) goes back to
 * that payment once the money is in: at once for a sandbox deposit, after the provider's checkout otherwise.
 */
export function usePaymentReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = paymentReturnPath(params.get('returnTo'));

  /** Before leaving for the provider's checkout (a plain deposit forgets an older, abandoned one). */
  const rememberForCheckout = useCallback(() => {
    if (returnTo) sessionStorage.setItem(CHECKOUT_RETURN_KEY, returnTo);
    else sessionStorage.removeItem(CHECKOUT_RETURN_KEY);
  }, [returnTo]);

  /** Back to the payment (this page's, or the one remembered before a checkout); false when there is none. */
  const backToPayment = useCallback(
    (afterCheckout = false) => {
      const target = afterCheckout
        ? paymentReturnPath(sessionStorage.getItem(CHECKOUT_RETURN_KEY))
        : returnTo;
      sessionStorage.removeItem(CHECKOUT_RETURN_KEY);
      if (!target) return false;
      void navigate(target, { replace: true });
      return true;
    },
    [navigate, returnTo],
  );

  return { returnTo, rememberForCheckout, backToPayment };
}
