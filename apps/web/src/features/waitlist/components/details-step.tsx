import { useEffect } from 'react';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';
import type { WaitlistWizard } from '../hooks/use-waitlist-wizard';
import { inputClass } from './waitlist-styles';

type Field = 'email' | 'firstName' | 'lastName' | 'phone';

const FIELDS: Array<{
  name: Field;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
}> = [
  { name: 'email', label: msg('Email address'), type: 'email', autoComplete: 'email' },
  { name: 'firstName', label: msg('First name'), type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: msg('Last name'), type: 'text', autoComplete: 'family-name' },
  {
    name: 'phone',
    label: msg('Phone number (optional)'),
    type: 'tel',
    autoComplete: 'tel',
    hint: msg('Nigerian or international, e.g. 0803 123 4567 or +234 803 123 4567'),
  },
];

/** Step 1: e-mail, first and last name, optional phone. Errors show once Next is pressed, then follow the edits. */
export function DetailsStep({ wizard }: { wizard: WaitlistWizard }) {
  const {
    register,
    setFocus,
    formState: { errors },
  } = wizard.methods;
  useEffect(() => setFocus('email'), [setFocus]);

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => {
        const id = `waitlist-${field.name}`;
        const error = errors[field.name]?.message;
        const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
          .filter(Boolean)
          .join(' ');
        return (
          <div
            key={field.name}
            className={field.name === 'email' || field.name === 'phone' ? 'sm:col-span-2' : ''}
          >
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
              {t(field.label)}
            </label>
            <input
              id={id}
              type={field.type}
              inputMode={field.type === 'tel' ? 'tel' : undefined}
              autoComplete={field.autoComplete}
              required={field.name !== 'phone'}
              maxLength={field.name === 'email' ? 254 : field.name === 'phone' ? 32 : 60}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              className={inputClass}
              {...register(field.name)}
            />
            {field.hint ? (
              <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
                {t(field.hint)}
              </p>
            ) : null}
            {error ? (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                {t(error)}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
