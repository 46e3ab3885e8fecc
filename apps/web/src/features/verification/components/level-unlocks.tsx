import { walletLimitsFor } from '@escrow/shared/domain/limits';
import { msg } from '@escrow/shared/i18n/msg';
import { VERIFICATION_MULTIPLIER_TENTHS } from '@escrow/shared/domain/fee-estimate';
import type { VerificationLevel } from '@escrow/shared/schemas/auth';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';

/** The next level and how to reach it (`how`: an English message id with the level as `{level}`). */
const NEXT: Record<VerificationLevel, { level: VerificationLevel; how: string } | null> = {
  BASIC: { level: 'ENHANCED', how: msg('Verify your NIN to reach {level}:') },
  ENHANCED: { level: 'PREMIUM', how: msg('Verify your BVN to reach {level}:') },
  PREMIUM: null,
};

const limitText = (level: VerificationLevel) => {
  const limits = walletLimitsFor(level);
  return {
    withdrawal: formatMoney(limits.dailyWithdrawalMinor / 100, 'NGN'),
    balance: limits.maxBalanceMinor === null ? t('No cap') : formatMoney(limits.maxBalanceMinor / 100, 'NGN'),
  };
};

/** What the next level unlocks, from the one limits table and the fee model's multipliers. */
export function LevelUnlocks({ level }: { level: VerificationLevel }) {
  const next = NEXT[level];
  const now = limitText(level);
  if (!next)
    return (
      <p className="text-sm text-slate-700">
        {t('You have the highest level: withdrawals up to {withdrawal} a day and no cap on your balance.', {
          withdrawal: now.withdrawal,
        })}
      </p>
    );
  const then = limitText(next.level);
  const fee = (l: VerificationLevel) => VERIFICATION_MULTIPLIER_TENTHS[l] / 10;
  return (
    <div className="text-sm text-slate-700">
      <p className="font-medium text-slate-900">{t(next.how, { level: next.level })}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          {t('Withdrawals per day: {before} → {after}', { before: now.withdrawal, after: then.withdrawal })}
        </li>
        <li>
          {t('Balance after a deposit: {before} → {after}', { before: now.balance, after: then.balance })}
        </li>
        <li>
          {t('Lower estimated fees: the calculator’s verification factor goes from ×{before} to ×{after}', {
            before: fee(level),
            after: fee(next.level),
          })}
        </li>
        {next.level === 'ENHANCED' ? (
          <li>{t('A dedicated bank account number to fund your wallet by transfer (Wallet page)')}</li>
        ) : null}
      </ul>
    </div>
  );
}
