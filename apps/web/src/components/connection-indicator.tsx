import type { ConnectionState } from '../lib/socket';
import { cn } from '../lib/cn';
import { t } from '../lib/i18n';

const DOTS: Record<ConnectionState, string> = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400 animate-pulse',
  error: 'bg-red-500',
  disconnected: 'bg-slate-400',
};

/** The state's word: one message of its own, so 'Live' reads as live updates (not a live API key). */
const stateLabel = (state: ConnectionState) =>
  t('{state, select, connected {Live} connecting {Connecting...} error {Connection error} other {Offline}}', {
    state,
  });

type Props = {
  state: ConnectionState;
  /** Shown as a Reconnect button while the connection is down (the details header). */
  onReconnect?: () => void;
  className?: string;
};

/** The live-update connection state: connected, connecting, error or disconnected. */
export function ConnectionIndicator({ state, onReconnect, className }: Props) {
  const label = stateLabel(state);
  const dot = DOTS[state];
  const down = state === 'error' || state === 'disconnected';
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm text-slate-600', className)}>
      <span
        role="status"
        data-connection-state={state}
        title={down ? t('Live updates are paused') : undefined}
        className="inline-flex items-center gap-1.5"
      >
        <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', dot)} />
        <span>{label}</span>
      </span>
      {down && onReconnect ? (
        <button
          type="button"
          onClick={onReconnect}
          className="rounded-md px-2 py-0.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('Reconnect')}
        </button>
      ) : null}
    </span>
  );
}
