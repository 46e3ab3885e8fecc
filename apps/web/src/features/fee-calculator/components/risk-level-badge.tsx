import type { RiskLevel } from '@escrow/shared/domain/fee-estimate';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { RISK_LEVEL_CLASSES, RISK_LEVEL_LABELS } from '../labels';

export function RiskLevelBadge({ level, className }: { level: RiskLevel; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        RISK_LEVEL_CLASSES[level],
        className,
      )}
    >
      {t(RISK_LEVEL_LABELS[level])}
    </span>
  );
}
