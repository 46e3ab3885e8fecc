import type { ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';

const FIELD =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-500 disabled:bg-slate-50 disabled:text-slate-500';

/** A native select styled like the app's inputs (keyboard and screen-reader behaviour for free). */
export function Select({
  className,
  ref,
  placeholder,
  options,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  placeholder?: string;
  options: readonly (string | { value: string; label: string })[];
}) {
  return (
    <select ref={ref} className={cn(FIELD, 'h-10', className)} {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => {
        const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </select>
  );
}

export function Textarea({
  className,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} rows={3} className={cn(FIELD, 'py-2', className)} {...props} />;
}

/** A large selectable card used as one option of a radio group (wizard role and courier choices). */
export function ChoiceCard({
  name,
  value,
  checked,
  onSelect,
  title,
  description,
  icon,
  inputRef,
  describedBy,
  onBlur,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  title: string;
  description: ReactNode;
  icon?: ReactNode;
  /** The group's first card takes the form's ref, so a missing choice can be focused. */
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string | undefined;
  onBlur?: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border-2 p-4 transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:border-slate-300',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        onBlur={onBlur}
        ref={inputRef}
        aria-describedby={describedBy}
        className="sr-only"
      />
      {icon ? <span className="mt-0.5 text-brand-700">{icon}</span> : null}
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="mt-0.5 block text-sm text-slate-600">{description}</span>
      </span>
    </label>
  );
}

/** A term and its value in a summary list. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}
