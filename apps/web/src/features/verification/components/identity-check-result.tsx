import type { VerificationResult } from '@escrow/shared/schemas/identity';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';

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
  const withdrawal = formatMoney(result.limits.dailyWithdrawal, 'NGN');
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
    >
      <p className="font-semibold">{outcome.message}</p>
      <p className="mt-1">
        {result.limits.maxBalance === null
          ? t(
              'Your verification level is {level} and your trust score {score}. You can now withdraw up to {withdrawal} a day, with no cap on your balance.',
              { level: result.verificationLevel, score: result.trustScore, withdrawal },
            )
          : t(
              'Your verification level is {level} and your trust score {score}. You can now withdraw up to {withdrawal} a day and hold up to {balance} after a deposit.',
              {
                level: result.verificationLevel,
                score: result.trustScore,
                withdrawal,
                balance: formatMoney(result.limits.maxBalance, 'NGN'),
              },
            )}
      </p>
    </div>
  );
}
