import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { WEBHOOK_TEXT, type Webhook } from '@escrow/shared/schemas/webhooks';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useSetWebhookEnabled,
  type WebhookDelivery,
} from '../api/webhooks';
import { AWAIT_DELIVERY_MS, type AwaitedDelivery } from '../lib/awaited-deliveries';
import { ConfirmDialog, errorText } from './confirm-dialog';
import { DeliveryLog } from './delivery-log';
import { t } from '../../../lib/i18n';

type Confirming = 'rotate' | 'delete' | null;

/** One endpoint: its URL and events, its actions (test, rotate, enable, delete) and its delivery log. */
export function WebhookEndpoint({
  webhook,
  onSecret,
}: {
  webhook: Webhook;
  /** A rotation's new secret, for the page to show once. */
  onSecret: (secret: string) => void;
}) {
  const sendTest = useSendTestEvent();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const setEnabled = useSetWebhookEnabled();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [awaiting, setAwaiting] = useState<AwaitedDelivery[]>([]);
  const [page, setPage] = useState(1);
  const titleId = `webhook-${webhook.id}-url`;

  // Forget what was awaited once its time is up, so the notice does not outlive the polling.
  useEffect(() => {
    if (awaiting.length === 0) return;
    const timer = setTimeout(
      () => setAwaiting((current) => current.filter((entry) => entry.until > Date.now())),
      AWAIT_DELIVERY_MS,
    );
    return () => clearTimeout(timer);
  }, [awaiting]);

  function watch(delivery: WebhookDelivery) {
    setPage(1);
    setAwaiting((current) => [
      ...current.filter((entry) => entry.deliveryId !== delivery.id),
      { deliveryId: delivery.id, afterAttempt: delivery.attempts, until: Date.now() + AWAIT_DELIVERY_MS },
    ]);
  }

  function test() {
    sendTest.mutate(webhook.id, {
      onSuccess: ({ delivery }) => {
        toast.success(t(WEBHOOK_TEXT.pingQueued));
        watch(delivery);
      },
      onError: (failure) => toast.error(errorText(failure)),
    });
  }

  function toggleEnabled() {
    setEnabled.mutate(
      { id: webhook.id, enabled: !webhook.enabled },
      {
        onSuccess: () => toast.success(webhook.enabled ? t('Endpoint disabled') : t('Endpoint enabled')),
        onError: (failure) => toast.error(errorText(failure)),
      },
    );
  }

  function confirm() {
    if (confirming === 'rotate')
      rotate.mutate(webhook.id, {
        onSuccess: ({ secret }) => {
          setConfirming(null);
          toast.success(t(WEBHOOK_TEXT.rotated));
          onSecret(secret);
        },
      });
    if (confirming === 'delete')
      remove.mutate(webhook.id, {
        onSuccess: () => {
          setConfirming(null);
          toast.success(t(WEBHOOK_TEXT.deleted));
        },
      });
  }

  const confirmation = confirming === 'rotate' ? rotate : remove;

  return (
    <article aria-labelledby={titleId} className="space-y-3 py-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={titleId} className="break-all font-mono text-sm font-semibold text-slate-900">
            {webhook.url}
          </h3>
          <p className="text-xs text-slate-600">
            {webhook.enabled ? t('Enabled') : t('Disabled')} ·{' '}
            {t('Added {date}', { date: formatDateTime(webhook.createdAt) })}
          </p>
          {webhook.disabledReason ? <p className="text-xs text-red-700">{webhook.disabledReason}</p> : null}
          {webhook.previousSecretExpiresAt ? (
            <p className="text-xs text-slate-600">
              {t('The previous secret also signs until {date}.', {
                date: formatDateTime(webhook.previousSecretExpiresAt),
              })}
            </p>
          ) : null}
          <ul aria-label={t('Events')} className="flex flex-wrap gap-1">
            {webhook.events.map((event) => (
              <li key={event} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                {event}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={test} disabled={!webhook.enabled || sendTest.isPending}>
            {sendTest.isPending ? t('Sending...') : t('Send test')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirming('rotate')}>
            {t('Rotate secret')}
          </Button>
          <Button variant="secondary" size="sm" onClick={toggleEnabled} disabled={setEnabled.isPending}>
            {webhook.enabled ? t('Disable') : t('Enable')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirming('delete')}>
            {t('Delete')}
          </Button>
        </div>
      </div>

      <DeliveryLog
        endpointId={webhook.id}
        endpointUrl={webhook.url}
        awaiting={awaiting}
        page={page}
        onPageChange={setPage}
        onQueued={watch}
      />

      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'rotate' ? t('Rotate signing secret?') : t('Delete endpoint?')}
        description={
          confirming === 'rotate'
            ? t(
                'A new secret signs every event to {url}. The current one keeps signing alongside it for 24 hours: deploy the new one within that day.',
                { url: webhook.url },
              )
            : t('Nothing more is sent to {url}, and its delivery log is deleted. This cannot be undone.', {
                url: webhook.url,
              })
        }
        confirmLabel={confirming === 'rotate' ? t('Rotate secret') : t('Delete endpoint')}
        pendingLabel={confirming === 'rotate' ? t('Rotating...') : t('Deleting...')}
        pending={confirmation.isPending}
        error={confirmation.isError ? errorText(confirmation.error) : null}
        onConfirm={confirm}
        onCancel={() => {
          rotate.reset();
          remove.reset();
          setConfirming(null);
        }}
      />
    </article>
  );
}
