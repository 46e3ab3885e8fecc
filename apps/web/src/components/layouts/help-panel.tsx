import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import CloseIcon from 'lucide-react/icons/x';
import MessageIcon from 'lucide-react/icons/message-circle';
import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import { t } from '../../lib/i18n';
import { Spinner } from '../ui/spinner';

export type HelpPanelState = 'closed' | 'open' | 'minimised';

type HelpPanelProps = {
  id: string;
  state: HelpPanelState;
  onStateChange: (state: HelpPanelState) => void;
  /** The conversation (the app layer passes the lazily loaded assistant, so it loads on first open). */
  children: ReactNode;
};

/** The badge on the floating button: the letters AI, as said in every language. */
const AI_BADGE = 'AI';

const iconButton =
  'flex h-8 w-8 items-center justify-center rounded-lg text-white/90 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white';

/**
 * The chatbot widget (docs/assistant.md "The web widget"): a floating button with an AI badge, and the 'AI
 * Assistant' panel it opens (also toggled by the top bar's help button), which can be minimised or closed.
 * The conversation stays mounted once opened, so minimising or closing does not lose it.
 */
export function HelpPanel({ id, state, onStateChange, children }: HelpPanelProps) {
  const panelRef = useRef<HTMLElement>(null);
  const [opened, setOpened] = useState(false);

  // Remembered during render (React's pattern for state derived from props): mounted from first open on.
  if (state !== 'closed' && !opened) setOpened(true);

  useEffect(() => {
    // Opening moves focus into the panel so keyboard users land on it.
    if (state === 'open') panelRef.current?.focus();
  }, [state]);

  const minimised = state === 'minimised';
  return (
    <>
      {state === 'closed' ? (
        <button
          type="button"
          onClick={() => onStateChange('open')}
          aria-label={t('Open AI Assistant')}
          className="fixed bottom-20 right-3 z-40 flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 md:bottom-4 md:right-4"
        >
          <MessageIcon className="h-6 w-6" />
          <span className="absolute -right-1 -top-1 rounded-full bg-amber-400 px-1.5 py-0.5 text-[10px] font-bold leading-none text-slate-900">
            {AI_BADGE}
          </span>
        </button>
      ) : null}
      {state !== 'closed' || opened ? (
        <section
          id={id}
          ref={panelRef}
          tabIndex={-1}
          hidden={state === 'closed'}
          aria-labelledby={`${id}-title`}
          className="fixed bottom-20 right-3 z-40 w-[min(24rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none md:bottom-4 md:right-4"
          onKeyDown={(event) => {
            if (event.key === 'Escape') onStateChange('closed');
          }}
        >
          <header className="flex items-center justify-between bg-brand-700 px-3 py-2 text-white">
            <h2 id={`${id}-title`} className="text-sm font-semibold">
              {t('AI Assistant')}
            </h2>
            <div className="flex gap-1">
              <button
                type="button"
                className={iconButton}
                aria-label={minimised ? t('Restore AI Assistant') : t('Minimise AI Assistant')}
                aria-expanded={!minimised}
                onClick={() => onStateChange(minimised ? 'open' : 'minimised')}
              >
                {minimised ? <PlusIcon className="h-4 w-4" /> : <MinusIcon className="h-4 w-4" />}
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label={t('Close AI Assistant')}
                onClick={() => onStateChange('closed')}
              >
                <CloseIcon className="h-4 w-4" />
              </button>
            </div>
          </header>
          <div hidden={minimised}>
            <Suspense
              fallback={
                <div className="flex justify-center p-6">
                  <Spinner />
                </div>
              }
            >
              {children}
            </Suspense>
          </div>
        </section>
      ) : null}
    </>
  );
}
