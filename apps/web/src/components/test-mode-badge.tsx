import { cn } from '../lib/cn';

/** Shown wherever money comes in or goes out while the sandbox provider is active: nothing real moves. */
export function TestModeBadge({ className }: { className?: string }) {
  return (
    <span
      title="Sandbox payments: no real money moves"
      className={cn(
        'inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/30',
        className,
      )}
    >
      Test mode
    </span>
  );
}
