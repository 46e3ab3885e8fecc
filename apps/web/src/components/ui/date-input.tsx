import type { InputHTMLAttributes, Ref } from 'react';
import { DATE_FORMAT_HINT } from '../../lib/dates';
import { Input } from './input';

/**
 * A date typed as dd/mm/yyyy (en-NG) whatever the browser's locale; read it with `dateValue` (lib/dates).
 * The format is in the placeholder and in the label the caller gives ('… (dd/mm/yyyy)'), so it stays
 * visible after typing and is read out with the field's name.
 */
export function DateInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> },
) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={DATE_FORMAT_HINT}
      {...props}
    />
  );
}
