import CheckIcon from 'lucide-react/icons/check';
import { t } from '../../../lib/i18n';
import { useInstallState } from '../hooks/use-install-state';
import { useOnlineStatus } from '../hooks/use-online-status';

const pill = 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium';

/**
 * The top bar's indicators: online/offline and installed. The shell shows them on desktop only.
 * The online state is a status region, so a screen reader hears when the connection drops or returns.
 */
export function ConnectivityIndicators() {
  const online = useOnlineStatus();
  const { installed } = useInstallState();
  return (
    <div className="flex items-center gap-2">
      <span
        role="status"
        className={`${pill} ${online ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
        title={online ? t('Connected to the internet') : t('No internet connection: changes cannot be saved')}
      >
        <span
          aria-hidden="true"
          className={`h-2 w-2 rounded-full ${online ? 'bg-emerald-600' : 'bg-amber-600'}`}
        />
        {online ? t('Online') : t('Offline')}
      </span>
      {installed ? (
        <span className={`${pill} bg-slate-100 text-slate-800`} title={t('Running as an installed app')}>
          <CheckIcon className="h-3.5 w-3.5" strokeWidth={2.5} />
          {t('App installed')}
        </span>
      ) : null}
    </div>
  );
}
