/**
 * Browser install signals, captured from the first moment the app runs. Chromium fires
 * `beforeinstallprompt` once per page load, usually while the visitor is still on a public page and
 * long before the app shell (which shows the Install App button) has loaded; without this early
 * listener the chance would be lost. Imported for its side effect by main.tsx.
 */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type InstallState = {
  /** The deferred browser prompt, when the browser offers installation. */
  promptEvent: BeforeInstallPromptEvent | null;
  /** True once the app is installed, or when it runs as an installed app. */
  installed: boolean;
};

const runsStandalone = () =>
  (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

let state: InstallState = { promptEvent: null, installed: runsStandalone() };
const listeners = new Set<() => void>();
const update = (next: Partial<InstallState>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};

window.addEventListener('beforeinstallprompt', (event) => {
  // Keep the browser's own mini-infobar away; the shell offers its Install App button instead.
  event.preventDefault();
  update({ promptEvent: event as BeforeInstallPromptEvent });
});
window.addEventListener('appinstalled', () => update({ promptEvent: null, installed: true }));

export const installEvents = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => state,
  /** The prompt can be used once; afterwards the browser decides whether to offer it again. */
  consumePrompt: () => update({ promptEvent: null }),
};
