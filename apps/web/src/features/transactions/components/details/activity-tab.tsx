import { msg } from '@escrow/shared/i18n/msg';
import { Button } from '../../../../components/ui/button';
import { Card, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { formatActivityTime } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { useActivities } from '../../api/activities';

const ROLE_WORDS = { BUYER: msg('Buyer'), SELLER: msg('Seller'), SYSTEM: msg('System') } as const;

/** Activity tab: the server's log, newest first, refreshed every 30 s and on demand. */
export function ActivityTab({ transactionId }: { transactionId: string }) {
  const activities = useActivities(transactionId);
  return (
    <Card className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>{t('Activity')}</CardTitle>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void activities.refetch()}
          disabled={activities.isFetching}
        >
          {activities.isFetching ? t('Refreshing...') : t('Refresh')}
        </Button>
      </div>
      {activities.isPending ? (
        <Spinner />
      ) : activities.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {activities.error.message}
        </p>
      ) : activities.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('No activity yet.')}</p>
      ) : (
        <ol className="space-y-3" aria-label={t('Activity')}>
          {activities.data.map((entry) => (
            <li key={entry.id} className="flex gap-3">
              <span
                aria-hidden="true"
                className={cn(
                  'mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full',
                  entry.status === 'failed'
                    ? 'bg-red-500'
                    : entry.status === 'pending'
                      ? 'bg-amber-400'
                      : 'bg-emerald-500',
                )}
              />
              <div className="min-w-0">
                <p className="text-sm text-slate-900">{entry.description}</p>
                <p className="text-xs text-slate-500">
                  {entry.userName} ({t(ROLE_WORDS[entry.userRole])}) · {formatActivityTime(entry.timestamp)}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
