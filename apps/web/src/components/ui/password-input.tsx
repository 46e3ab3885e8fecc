import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n';
import EyeIcon from 'lucide-react/icons/eye';
import EyeOffIcon from 'lucide-react/icons/eye-off';
import { Input } from './input';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  /** What the toggle reveals, read by screen readers: 'Show {revealLabel}' / 'Hide {revealLabel}'. */
  revealLabel?: string;
};

/** A password field with a show/hide toggle; the toggle's name says what pressing it will do. */
export function PasswordInput({ className, revealLabel = t('password'), ref, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={
          visible ? t('Hide {revealLabel}', { revealLabel }) : t('Show {revealLabel}', { revealLabel })
        }
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
      >
        {visible ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
      </button>
    </div>
  );
}
