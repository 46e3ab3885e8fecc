import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

/**
 * One file control: the real file input, transparent, covers a button-like face, so the browser's own
 * 'No file chosen' never shows beside files already uploaded; the caller lists the chosen files under
 * it. The input keeps its label, focus and keyboard (Enter or Space opens the picker); the face shows
 * the focus ring.
 */
export function FilePicker({
  buttonText,
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  buttonText: string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <div className={cn('relative inline-flex', className)}>
      <input
        ref={ref}
        type="file"
        className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden="true"
        className="inline-flex h-10 items-center rounded-lg border border-brand-600 bg-brand-50 px-4 text-sm font-medium text-brand-800 peer-hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:opacity-60"
      >
        {buttonText}
      </span>
    </div>
  );
}
