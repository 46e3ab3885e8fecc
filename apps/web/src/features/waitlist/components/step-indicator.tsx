import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const STEPS = [msg('Details'), msg('Interest'), msg('Review')] as const;

export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label={t('Progress')}>
      {STEPS.map((label, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'todo';
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined}>
            <span
              className={`block h-1.5 rounded-full ${state === 'todo' ? 'bg-slate-200' : 'bg-brand-700'}`}
              aria-hidden="true"
            />
            <span
              className={`mt-1.5 block text-xs font-medium ${state === 'todo' ? 'text-slate-600' : 'text-brand-800'}`}
            >
              {number}. {t(label)}
              {state === 'done' ? <span className="sr-only"> {t('(completed)')}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
