import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { content } from '../../config/content';
import { CloseIcon, MinusIcon, PlusIcon } from '../ui/icons';

export type HelpPanelState = 'closed' | 'open' | 'minimised';

type HelpPanelProps = {
  id: string;
  state: HelpPanelState;
  onStateChange: (state: HelpPanelState) => void;
};

const iconButton =
  'flex h-8 w-8 items-center justify-center rounded-lg text-white/90 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white';
const linkClass =
  'block rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The 'AI Assistant' panel (spec 02 §2.2). The assistant itself is not built yet, so the panel says
 * so plainly and offers what does help today: support by e-mail and the tools that answer the most
 * common questions.
 */
export function HelpPanel({ id, state, onStateChange }: HelpPanelProps) {
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // Opening moves focus into the panel so keyboard users land on it.
    if (state === 'open') panelRef.current?.focus();
  }, [state]);

  if (state === 'closed') return null;
  const minimised = state === 'minimised';

  return (
    <section
      id={id}
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="fixed bottom-32 right-3 z-40 w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none md:bottom-4 md:right-4"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onStateChange('closed');
      }}
    >
      <header className="flex items-center justify-between bg-brand-700 px-3 py-2 text-white">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          AI Assistant
        </h2>
        <div className="flex gap-1">
          <button
            type="button"
            className={iconButton}
            aria-label={minimised ? 'Restore AI Assistant' : 'Minimise AI Assistant'}
            aria-expanded={!minimised}
            onClick={() => onStateChange(minimised ? 'open' : 'minimised')}
          >
            {minimised ? <PlusIcon className="h-4 w-4" /> : <MinusIcon className="h-4 w-4" />}
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label="Close AI Assistant"
            onClick={() => onStateChange('closed')}
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        </div>
      </header>
      {minimised ? null : (
        <div className="flex flex-col gap-3 p-4 text-sm text-slate-700">
          <p>
            The help assistant is coming soon. Until it is ready, our support team answers your questions by
            e-mail.
          </p>
          <a href={`mailto:${content.supportEmail}`} className={linkClass}>
            E-mail support ({content.supportEmail})
          </a>
          <Link to="/app/escrow-calculator" className={linkClass}>
            Work out the fee for a trade
          </Link>
          <Link to="/app/create-transaction" className={linkClass}>
            Create a transaction
          </Link>
        </div>
      )}
    </section>
  );
}
