import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { twoFactorRequired } from '../../../lib/two-factor-required';
import { t } from '../../../lib/i18n';

/**
 * Staff must have two-factor sign-in on, and have used it this session, for every staff action (issue
 * 30; docs/security.md "Two-factor sign-in"). A refused load says so in its own panel (ErrorPanel); a
 * refused action (take, decide, suspend...) would only toast, so the first one also puts this notice, with
 * the way to set it up, at the top of the console until the page is left.
 */
export function StaffTwoFactorNotice() {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<ReturnType<typeof twoFactorRequired>>(null);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const found = twoFactorRequired(event.action.error);
        if (found) setRefusal(found);
      }),
    [queryClient],
  );
  if (!refusal) return null;
  return (
    <div
      role="alert"
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-medium">{refusal.message}</p>
      <Link
        to={refusal.setupUrl}
        className="mt-1 inline-block font-semibold text-brand-800 underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t(TWO_FACTOR_TEXT.setUpLink)}
      </Link>
    </div>
  );
}
