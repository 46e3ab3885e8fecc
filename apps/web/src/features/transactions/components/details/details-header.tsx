import { useNavigate } from 'react-router';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import type { ConnectionState } from '../../../../lib/socket';
import { Button } from '../../../../components/ui/button';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { ConnectionIndicator } from '../../../../components/connection-indicator';
import { formatTime } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { copyToClipboard, joinLinkFor, shareLink } from '../../lib/share';

type Props = {
  transaction: Transaction;
  invitationCode: string | null;
  connection: { state: ConnectionState; reconnect: () => void };
  lastUpdated: number;
  refreshing: boolean;
  onRefresh: () => void;
};

/** Back, Refresh, live connection (with Reconnect), last update, and the join link while PENDING. */
export function DetailsHeader({
  transaction: tx,
  invitationCode,
  connection,
  lastUpdated,
  refreshing,
  onRefresh,
}: Props) {
  const navigate = useNavigate();
  const link = tx.status === 'PENDING' && invitationCode ? joinLinkFor(invitationCode) : null;
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={() => navigate('/app/transactions')}>
          <ArrowLeftIcon className="h-4 w-4" />
          {t('Back')}
        </Button>
        <div className="flex flex-wrap items-center gap-3">
          <ConnectionIndicator state={connection.state} onReconnect={connection.reconnect} />
          <span className="text-xs text-slate-500">
            {t('Last updated {time}', { time: formatTime(lastUpdated, { seconds: true }) })}
          </span>
          <Button variant="secondary" size="sm" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? t('Refreshing...') : t('Refresh')}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-slate-900">{tx.description}</h1>
          <p className="text-sm text-slate-500">
            {t('Reference #{reference}', { reference: tx.id.slice(-8) })}
          </p>
        </div>
        {link ? (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void shareLink(
                  link,
                  t('Join my escrow transaction: {description}', { description: tx.description }),
                )
              }
            >
              {t('Share Link')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void copyToClipboard(link)}>
              {t('Copy Link')}
            </Button>
          </div>
        ) : null}
      </div>
    </header>
  );
}
