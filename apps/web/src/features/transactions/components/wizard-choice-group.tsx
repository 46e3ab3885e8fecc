import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import type { CreateFormValues } from '../lib/create-form';
import { ChoiceCard } from './form-controls';

export type Choice<V> = { value: V; key: string; title: string; description: ReactNode };

type ChoiceName = 'creatorRole' | 'shippingType' | 'feePayer';

/** A required choice among cards (role, delivery, fee payer) with its message under the group. */
export function ChoiceGroup<N extends ChoiceName>({
  name,
  legend,
  choices,
  columns = 2,
}: {
  name: N;
  legend: string;
  choices: readonly Choice<CreateFormValues[N]>[];
  columns?: 2 | 3;
}) {
  const { field, fieldState } = useController<CreateFormValues, N>({ name });
  const errorId = `tx-${name}-error`;
  const message = fieldState.error?.message;
  return (
    <fieldset
      className={cn('grid grid-cols-1 gap-3', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}
      aria-describedby={message ? errorId : undefined}
    >
      <legend className="mb-3 text-sm text-slate-600">{legend}</legend>
      {choices.map((choice, index) => (
        <ChoiceCard
          key={choice.key}
          name={name}
          value={choice.key}
          checked={field.value === choice.value}
          onSelect={() => field.onChange(choice.value)}
          onBlur={field.onBlur}
          inputRef={index === 0 ? field.ref : undefined}
          describedBy={message ? errorId : undefined}
          title={choice.title}
          description={choice.description}
        />
      ))}
      {message ? (
        <p
          id={errorId}
          role="alert"
          className={cn('text-sm text-red-600', columns === 3 ? 'sm:col-span-3' : 'sm:col-span-2')}
        >
          {t(message)}
        </p>
      ) : null}
    </fieldset>
  );
}
