import { useState } from 'react';
import { toast } from 'sonner';
import { WEBHOOK_MAX_ENDPOINTS, WEBHOOK_TEXT } from '@escrow/shared/schemas/webhooks';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { useWebhooks } from '../api/webhooks';
import { AddWebhookDialog } from './add-webhook-dialog';
import { SecretDialog } from './secret-reveal';
import { WebhookEndpoint } from './webhook-endpoint';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const SECRET_NOTE = msg(
  'Your server checks each event’s webhook-signature header with it (see the quick start below).',
);

/**
 * The user's webhook endpoints (docs/webhooks.md): add one with its events (the signing secret is shown
 * this once), then per endpoint send a test, rotate the secret, enable or disable, delete, and read its
 * delivery log.
 */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const full = (webhooks.data?.length ?? 0) >= WEBHOOK_MAX_ENDPOINTS;

  return (
    <Card role="region" aria-labelledby="webhooks-title" className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="webhooks-title">{t('Webhooks')}</CardTitle>
          <p className="text-sm text-slate-600">
            {t(
              'Signed events about your transactions, sent to your server as they happen and retried for about a day until it answers 2xx.',
            )}
          </p>
        </div>
        <Button onClick={() => setAdding(true)} disabled={!webhooks.data || full}>
          {t('Add endpoint')}
        </Button>
      </div>
      {full ? <p className="text-sm text-slate-600">{t(WEBHOOK_TEXT.tooMany)}.</p> : null}

      {webhooks.isPending ? (
        <LoadingPanel label={t('Loading endpoints...')} />
      ) : webhooks.isError ? (
        <ErrorPanel error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.length === 0 ? (
        <EmptyPanel>
          {t(
            'No endpoints yet. Add your server’s URL to be told when your transactions are paid, shipped or completed.',
          )}
        </EmptyPanel>
      ) : (
        <div className="divide-y divide-slate-100">
          {webhooks.data.map((webhook) => (
            <WebhookEndpoint key={webhook.id} webhook={webhook} onSecret={setSecret} />
          ))}
        </div>
      )}

      <AddWebhookDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(created) => {
          setAdding(false);
          setSecret(created.secret);
          toast.success(t(WEBHOOK_TEXT.created));
        }}
      />
      <SecretDialog
        title={t('Signing secret')}
        label={t('Signing secret')}
        secret={secret}
        note={t(SECRET_NOTE)}
        onClose={() => setSecret(null)}
      />
    </Card>
  );
}
