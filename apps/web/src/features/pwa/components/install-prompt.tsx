import { useEffect, useState } from 'react';
import { t } from '../../../lib/i18n';
import { installEvents } from '../install-events';
import { useInstallState } from '../hooks/use-install-state';
import { isIosSafari } from '../lib/ios';

/** The iOS hint appears after 3 s; a dismissal lasts for the browser session. */
export const IOS_HINT_DELAY_MS = 3000;
export const INSTALL_DISMISSED_KEY = 'amana:install-prompt-dismissed';

const wasDismissed = () => {
  try {
    return sessionStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/** Where the bold button name goes in a translated step: `{button}`, one message per step. */
const BUTTON = '\uE000';
function withButton(step: string, name: string) {
  const [before = '', after = ''] = step.split(BUTTON);
  return (
    <>
      {before}
      <strong>{name}</strong>
      {after}
    </>
  );
}

const button =
  'inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * Offers installation: the browser's own prompt behind an Install App button where it exists, manual
 * steps on iOS Safari. Hidden once installed or dismissed.
 */
export function InstallPrompt() {
  const { promptEvent, installed } = useInstallState();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [showIosHint, setShowIosHint] = useState(false);

  useEffect(() => {
    if (installed || dismissed || !isIosSafari()) return;
    const timer = window.setTimeout(() => setShowIosHint(true), IOS_HINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [installed, dismissed]);

  function dismiss() {
    try {
      sessionStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: the prompt simply stays dismissed until the page reloads.
    }
    setDismissed(true);
  }

  async function install() {
    if (!promptEvent) return;
    installEvents.consumePrompt();
    await promptEvent.prompt();
    const { outcome } = await promptEvent.userChoice;
    if (outcome === 'dismissed') dismiss();
  }

  if (installed || dismissed || (!promptEvent && !showIosHint)) return null;

  return (
    <section
      aria-labelledby="install-prompt-title"
      className="fixed inset-x-3 bottom-20 z-40 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl md:inset-x-auto md:bottom-4 md:left-4 md:w-96"
    >
      <h2 id="install-prompt-title" className="font-semibold text-slate-900">
        {t('Install Amana Escrow')}
      </h2>
      {promptEvent ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('Add the app to your device for one-tap access. It opens even when your connection drops.')}
        </p>
      ) : (
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>{withButton(t('Tap the {button} button in Safari.', { button: BUTTON }), t('Share'))}</li>
          <li>{withButton(t('Choose {button}.', { button: BUTTON }), t('Add to Home Screen'))}</li>
          <li>{withButton(t('Tap {button}.', { button: BUTTON }), t('Add'))}</li>
        </ol>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" onClick={dismiss} className={`${button} text-slate-700 hover:bg-slate-100`}>
          {t('Not now')}
        </button>
        {promptEvent ? (
          <button
            type="button"
            onClick={() => void install()}
            className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {t('Install App')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
