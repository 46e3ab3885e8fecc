import type { VerificationLevel } from '@escrow/shared/schemas/auth';
import { msg } from '@escrow/shared/i18n/msg';
import { cn } from '../lib/cn';
import { t } from '../lib/i18n';

const LOOK: Record<VerificationLevel, { label: string; className: string }> = {
  BASIC: { label: msg('Basic'), className: 'bg-slate-200 text-slate-800' },
  ENHANCED: { label: msg('Enhanced · NIN verified'), className: 'bg-emerald-100 text-emerald-900' },
  PREMIUM: { label: msg('Premium · BVN verified'), className: 'bg-violet-100 text-violet-900' },
};

/** The user's verification level, as the top bar, the profile and the verification page show it. */
export function VerificationLevelBadge({
  level,
  className,
}: {
  level: VerificationLevel;
  className?: string;
}) {
  const look = LOOK[level];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        look.className,
        className,
      )}
      data-testid="verification-level"
      data-level={level}
    >
      {t(look.label)}
    </span>
  );
}
