import type { ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { t } from '../../lib/i18n';
import { twoFactorRequired } from '../../lib/two-factor-required';
import { Button } from './button';
import { Spinner } from './spinner';
import { cn } from '../../lib/cn';

const fieldLook =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:bg-slate-100';

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn('h-10', fieldLook, className)} {...props} />;
}

export function Textarea({
  className,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cn('min-h-20 py-2', fieldLook, className)} {...props} />;
}

export const badgeLook = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function Badge({
  tone,
  children,
}: {
  tone: 'red' | 'amber' | 'slate' | 'violet';
  children: ReactNode;
}) {
  const tones = {
    red: 'bg-red-100 text-red-900',
    amber: 'bg-amber-100 text-amber-900',
    slate: 'bg-slate-200 text-slate-800',
    violet: 'bg-violet-100 text-violet-900',
  };
  return <span className={cn(badgeLook, tones[tone])}>{children}</span>;
}

/** Previous / Next for pages the server only knows to have 'more' (no total is counted). */
export function PageNav({
  page,
  hasMore,
  busy,
  onPageChange,
  label,
}: {
  page: number;
  hasMore: boolean;
  busy?: boolean;
  onPageChange: (page: number) => void;
  label: string;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('Previous')}
      </Button>
      <span className="text-slate-600" aria-live="polite">
        {t('Page {page}', { page: String(page) })}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={!hasMore || busy}
        onClick={() => onPageChange(page + 1)}
      >
        {t('Next')}
      </Button>
    </nav>
  );
}

export function LoadingPanel({ label }: { label: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <Spinner label={label} />
    </div>
  );
}

/**
 * A failed load: the server's own error text and a retry. A staff call refused for want of two-factor
 * sign-in says so with the way to set it up, where a retry would not help.
 */
export function ErrorPanel({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const needsTwoFactor = twoFactorRequired(error);
  if (needsTwoFactor)
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm text-amber-950">
        <p className="font-medium">{needsTwoFactor.message}</p>
        <Link
          to={needsTwoFactor.setupUrl}
          className="mt-2 inline-block font-semibold text-brand-800 underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t(TWO_FACTOR_TEXT.setUpLink)}
        </Link>
      </div>
    );
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-800">
      <p>{error.message}</p>
      {onRetry ? (
        <Button className="mt-3" variant="secondary" size="sm" onClick={onRetry}>
          {t('Try again')}
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyPanel({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}
