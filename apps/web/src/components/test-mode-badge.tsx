import { cn } from '../lib/cn';
import { t } from '../lib/i18n';

/** Shown wherever money comes in or goes out while the sandbox provider is active: nothing real moves. */
export function TestModeBadge({ className }: { className?: string }) {
  return (
    <span
      title={t('Sandbox payments: no real money moves')}
      className={cn(
        'inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/30',
        className,
      )}
    >
      {t('Test mode')}
    </span>
  );
}
