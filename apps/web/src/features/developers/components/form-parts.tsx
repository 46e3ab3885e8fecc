import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n';

/**
 * A labelled group of checkboxes, each a value with a line saying what it means (`descriptions`: msg()
 * texts, translated here), and the group's error (translated here too: a schema's message).
 */
export function CheckboxList<Value extends string>({
  id,
  legend,
  values,
  descriptions,
  field,
  error,
  action,
  columns = false,
}: {
  id: string;
  legend: string;
  values: readonly Value[];
  descriptions: Record<Value, string>;
  field: UseFormRegisterReturn;
  error?: string;
  /** A control between the legend and the boxes (e.g. "Select all"). */
  action?: ReactNode;
  columns?: boolean;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      {action}
      <div className={columns ? 'grid gap-2 sm:grid-cols-2' : 'space-y-2'}>
        {values.map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-1" value={value} {...field} />
            <span>
              <code className="font-mono text-xs">{value}</code>
              <span className="block text-slate-600">{t(descriptions[value])}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The end of a dialog's form: the server's refusal, if any, then Cancel and the submit button. */
export function DialogFormFooter({
  serverError,
  pending,
  onCancel,
  submitLabel,
  pendingLabel,
}: {
  serverError?: string;
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <>
      {serverError ? (
        <p role="alert" className="text-sm text-red-700">
          {serverError}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
