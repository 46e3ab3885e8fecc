import type { VerificationResult } from '@escrow/shared/schemas/identity';
import { formatMoney } from '../../../lib/format';

export type CheckOutcome =
  { ok: true; message: string; result: VerificationResult } | { ok: false; message: string };

/** The result of a check, stated plainly: verified with the new level and limits, or why not. */
export function IdentityCheckResult({ outcome }: { outcome: CheckOutcome | null }) {
  if (!outcome) return null;
  if (!outcome.ok)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {outcome.message}
      </p>
    );
  const { result } = outcome;
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
    >
      <p className="font-semibold">{outcome.message}</p>
      <p className="mt-1">
        Your verification level is {result.verificationLevel} and your trust score {result.trustScore}. You
        can now withdraw up to {formatMoney(result.limits.dailyWithdrawal, 'NGN')} a day
        {result.limits.maxBalance === null
          ? ', with no cap on your balance.'
          : ` and hold up to ${formatMoney(result.limits.maxBalance, 'NGN')} after a deposit.`}
      </p>
    </div>
  );
}
