import { useState } from 'react';
import { toast } from 'sonner';
import { WEBHOOK_TEXT, type WebhookAttempt } from '@escrow/shared/schemas/webhooks';
import { Button } from '../../../components/ui/button';
import { EmptyPanel, ErrorPanel, LoadingPanel, PageNav } from '../../../components/ui/panels';
import { cn } from '../../../lib/cn';
import { formatCount, formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { useRetryDelivery, useWebhookAttempts } from '../api/deliveries';
import type { WebhookDelivery } from '../api/webhooks';
import { shouldPoll, stillAwaited, type AwaitedDelivery } from '../lib/awaited-deliveries';
import { errorText } from './confirm-dialog';
import { t } from '../../../lib/i18n';

const attemptTime = (iso: string) => `${formatDate(iso)}, ${formatTime(iso, { seconds: true })}`;

/**
 * One endpoint's delivery log (docs/webhooks.md): every attempt with its event, the endpoint's status
 * code, how long it took, when, and the start of the answer; Retry sends a delivery again. While a
 * delivery the user queued is on its way, the log asks again every few seconds until it shows.
 */
export function DeliveryLog({
  endpointId,
  endpointUrl,
  awaiting,
  page,
  onPageChange,
  onQueued,
}: {
  endpointId: string;
  endpointUrl: string;
  awaiting: AwaitedDelivery[];
  page: number;
  onPageChange: (page: number) => void;
  onQueued: (delivery: WebhookDelivery) => void;
}) {
  const attempts = useWebhookAttempts(endpointId, page, (answer) => shouldPoll(awaiting, answer, Date.now()));
  const retry = useRetryDelivery(endpointId);
  const [retrying, setRetrying] = useState<string | null>(null);
  const onTheirWay = attempts.data ? stillAwaited(awaiting, attempts.data) : awaiting;

  function retryDelivery(deliveryId: string) {
    setRetrying(deliveryId);
    retry.mutate(deliveryId, {
      onSuccess: ({ delivery }) => {
        toast.success(t(WEBHOOK_TEXT.retryQueued));
        onQueued(delivery);
      },
      onError: (failure) => toast.error(errorText(failure)),
      onSettled: () => setRetrying(null),
    });
  }

  // The newest attempt of each delivery on this page carries its Retry button and its status.
  const newestOfDelivery = new Set<string>();
  const seen = new Set<string>();
  for (const attempt of attempts.data?.attempts ?? []) {
    if (seen.has(attempt.deliveryId)) continue;
    seen.add(attempt.deliveryId);
    newestOfDelivery.add(attempt.id);
  }

  return (
    <section aria-label={t('Delivery log for {url}', { url: endpointUrl })} className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">{t('Delivery log')}</h4>
      <p role="status" className="text-sm text-slate-600">
        {onTheirWay.length > 0 ? t('Sending… this log refreshes until the attempt arrives.') : null}
      </p>
      {attempts.isPending ? (
        <LoadingPanel label={t('Loading deliveries...')} />
      ) : attempts.isError ? (
        <ErrorPanel error={attempts.error} onRetry={() => void attempts.refetch()} />
      ) : attempts.data.attempts.length === 0 ? (
        <EmptyPanel>
          {t(
            'No deliveries yet. Press “Send test” to send a ping event here; events you subscribed to appear as your transactions change.',
          )}
        </EmptyPanel>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {attempts.data.attempts.map((attempt) => (
              <AttemptRow
                key={attempt.id}
                attempt={attempt}
                newest={newestOfDelivery.has(attempt.id)}
                retrying={retrying === attempt.deliveryId}
                onRetry={() => retryDelivery(attempt.deliveryId)}
              />
            ))}
          </ul>
          <PageNav
            page={page}
            hasMore={attempts.data.hasMore}
            busy={attempts.isFetching}
            onPageChange={onPageChange}
            label={t('Delivery log pages for {url}', { url: endpointUrl })}
          />
        </>
      )}
    </section>
  );
}

/** Called while rendering. */
function deliveryState(attempt: WebhookAttempt): string | null {
  if (attempt.deliveryStatus === 'FAILED') return t('Failed: no more automatic retries');
  if (attempt.deliveryStatus === 'PENDING' && attempt.nextAttemptAt)
    return t('Next attempt {date}', { date: formatDateTime(attempt.nextAttemptAt) });
  return null;
}

function AttemptRow({
  attempt,
  newest,
  retrying,
  onRetry,
}: {
  attempt: WebhookAttempt;
  newest: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const state = newest ? deliveryState(attempt) : null;
  return (
    <li className="space-y-1 px-3 py-2 text-sm" data-testid="delivery-attempt">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <code className="font-mono text-xs font-semibold text-slate-900">{attempt.eventType}</code>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            attempt.succeeded ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900',
          )}
        >
          <span className="sr-only">{t('Status')} </span>
          {attempt.statusCode ?? t('No answer')}
        </span>
        <span className="text-slate-600">
          {t('{duration} ms', { duration: formatCount(attempt.durationMs) })}
        </span>
        <span className="text-slate-600">
          <time dateTime={attempt.createdAt}>{attemptTime(attempt.createdAt)}</time>
        </span>
        <span className="text-slate-600">{t('Attempt {number}', { number: attempt.attempt })}</span>
        {newest ? (
          <Button
            variant="secondary"
            size="sm"
            className="ml-auto"
            disabled={retrying}
            onClick={onRetry}
            aria-label={t('Retry {event} delivery', { event: attempt.eventType })}
          >
            {retrying ? t('Retrying...') : t('Retry')}
          </Button>
        ) : null}
      </div>
      {state ? <p className="text-xs text-slate-600">{state}</p> : null}
      {attempt.error ? <p className="text-xs text-red-700">{attempt.error}</p> : null}
      {attempt.response ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-700">{t('Response body')}</summary>
          <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-slate-800">
            {attempt.response}
          </pre>
        </details>
      ) : null}
    </li>
  );
}
