import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
// Type only: erased at build time, so the modal stays out of this chunk.
import type { WaitlistModalProps } from './waitlist-modal';
import { t } from '../../../lib/i18n';

/** The waitlist modal opens 150 ms after a Join Waitlist button is pressed. */
export const WAITLIST_OPEN_DELAY_MS = 150;

// The modal (Radix Dialog, the zod schema, the API client) is its own chunk: the landing page's first
// load does not carry it. Pointing at or focusing a Join button starts the download early.
let modalChunk: Promise<{ default: ComponentType<WaitlistModalProps> }> | null = null;
export const preloadWaitlistModal = () =>
  (modalChunk ??= import('./waitlist-modal').catch((error: unknown) => {
    modalChunk = null;
    throw error;
  }));
const WaitlistModal = lazy(preloadWaitlistModal);

type WaitlistLauncherValue = { open: (opener: HTMLElement | null) => Promise<void> };
const WaitlistLauncherContext = createContext<WaitlistLauncherValue | null>(null);

/** Owns the one waitlist modal of a page; every JoinWaitlistButton inside opens it. */
export function WaitlistLauncher({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback(async (from: HTMLElement | null) => {
    opener.current = from;
    await Promise.all([
      preloadWaitlistModal(),
      new Promise((resolve) => window.setTimeout(resolve, WAITLIST_OPEN_DELAY_MS)),
    ]);
    setMounted(true);
    setIsOpen(true);
  }, []);

  const value = useMemo(() => ({ open }), [open]);
  return (
    <WaitlistLauncherContext.Provider value={value}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <WaitlistModal open={isOpen} onOpenChange={setIsOpen} returnFocusTo={opener} />
        </Suspense>
      ) : null}
    </WaitlistLauncherContext.Provider>
  );
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2';
const styles = {
  primary: `bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700 ${focusRing}`,
  light: `bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white ${focusRing}`,
} as const;

type JoinWaitlistButtonProps = {
  variant?: keyof typeof styles;
  className?: string;
  children?: ReactNode;
};

/** A Join Waitlist button: shows 'Opening...' until the modal is up. */
export function JoinWaitlistButton({
  variant = 'primary',
  className = '',
  children,
}: JoinWaitlistButtonProps) {
  const [opening, setOpening] = useState(false);
  const context = useContext(WaitlistLauncherContext);
  if (!context) throw new Error('JoinWaitlistButton must be used inside WaitlistLauncher');
  const launcher = context;

  async function handleClick(event: React.MouseEvent<HTMLButtonElement>) {
    if (opening) return;
    const button = event.currentTarget;
    setOpening(true);
    try {
      await launcher.open(button);
    } catch {
      window.alert(t('The waitlist form could not be loaded. Please check your connection and try again.'));
    } finally {
      setOpening(false);
    }
  }

  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-busy={opening}
      onClick={handleClick}
      onPointerEnter={() => void preloadWaitlistModal().catch(() => undefined)}
      onFocus={() => void preloadWaitlistModal().catch(() => undefined)}
      className={`inline-flex min-h-12 items-center justify-center rounded-lg px-6 text-base font-semibold transition-colors ${styles[variant]} ${className}`}
    >
      {opening ? t('Opening...') : (children ?? t('Join Waitlist'))}
    </button>
  );
}
