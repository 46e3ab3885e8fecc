import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

type CodeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete'> & {
  ref?: Ref<HTMLInputElement>;
  /** How many digits the code has (6 for an authenticator's or a text message's code). */
  digits?: number;
};

/**
 * A one-time code field: the phone's number pad, the code a text message brings offered by the keyboard
 * (autocomplete one-time-code), and digits only, so a pasted '123 456' is the code (no maxLength: the
 * browser would cut the pasted text before the spaces are dropped).
 */
export function CodeInput({ className, digits = 6, onChange, ref, ...props }: CodeInputProps) {
  return (
    <Input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${digits}}`}
      spellCheck={false}
      className={cn('max-w-40 font-mono tracking-[0.3em]', className)}
      {...props}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, digits);
        onChange?.(event);
      }}
    />
  );
}

type RecoveryCodeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'
> & { ref?: Ref<HTMLInputElement> };

/** The shape of a recovery code, the same in every language (a code, not words). */
const RECOVERY_CODE_SHAPE = 'xxxxx-xxxxx';

/** A two-factor recovery code field ('k3m9x-2pq7d'): letters as typed, no autocorrection or capitals. */
export function RecoveryCodeInput({ className, ref, ...props }: RecoveryCodeInputProps) {
  return (
    <Input
      ref={ref}
      type="text"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={RECOVERY_CODE_SHAPE}
      className={cn('max-w-52 font-mono', className)}
      {...props}
    />
  );
}
