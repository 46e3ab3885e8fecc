import { walletLimitsFor } from '@escrow/shared/domain/limits';
import { VERIFICATION_MULTIPLIER_TENTHS } from '@escrow/shared/domain/fee-estimate';
import type { VerificationLevel } from '@escrow/shared/schemas/auth';
import { formatMoney } from '../../../lib/format';

const NEXT: Record<VerificationLevel, { level: VerificationLevel; how: string } | null> = {
  BASIC: { level: 'ENHANCED', how: 'Verify your NIN' },
  ENHANCED: { level: 'PREMIUM', how: 'Verify your BVN' },
  PREMIUM: null,
};

const limitText = (level: VerificationLevel) => {
  const limits = walletLimitsFor(level);
  return {
    withdrawal: formatMoney(limits.dailyWithdrawalMinor / 100, 'NGN'),
    balance: limits.maxBalanceMinor === null ? 'No cap' : formatMoney(limits.maxBalanceMinor / 100, 'NGN'),
  };
};

/** What the next level unlocks, from the one limits table and the fee model's multipliers. */
export function LevelUnlocks({ level }: { level: VerificationLevel }) {
  const next = NEXT[level];
  const now = limitText(level);
  if (!next)
    return (
      <p className="text-sm text-slate-700">
        You have the highest level: withdrawals up to {now.withdrawal} a day and no cap on your balance.
      </p>
    );
  const then = limitText(next.level);
  const fee = (l: VerificationLevel) => VERIFICATION_MULTIPLIER_TENTHS[l] / 10;
  return (
    <div className="text-sm text-slate-700">
      <p className="font-medium text-slate-900">
        {next.how} to reach {next.level}:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Withdrawals per day: {now.withdrawal} → {then.withdrawal}
        </li>
        <li>
          Balance after a deposit: {now.balance} → {then.balance}
        </li>
        <li>
          Lower estimated fees: the calculator’s verification factor goes from ×{fee(level)} to ×
          {fee(next.level)}
        </li>
        {next.level === 'ENHANCED' ? (
          <li>A dedicated bank account number to fund your wallet by transfer (Wallet page)</li>
        ) : null}
      </ul>
    </div>
  );
}
