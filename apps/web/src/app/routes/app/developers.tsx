import { useEffect } from 'react';
import { ApiKeysSection } from '../../../features/developers/components/api-keys-section';
import { QuickStart } from '../../../features/developers/components/quick-start';
import { WebhooksSection } from '../../../features/developers/components/webhooks-section';
import { t } from '../../../lib/i18n';

/**
 * /app/developers: the partner API's keys, webhook endpoints with their delivery logs, and a
 * quick start against this deployment (docs/partner-api.md, docs/webhooks.md).
 */
export default function DevelopersPage() {
  useEffect(() => {
    document.title = t('Developers — Amana Escrow');
  }, []);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{t('Developers')}</h1>
        <p className="text-sm text-slate-600">
          {t(
            'Connect your shop or app: create escrow transactions for your orders with an API key, and let webhooks tell your server when they are paid, shipped or completed.',
          )}
        </p>
      </header>
      <ApiKeysSection />
      <WebhooksSection />
      <QuickStart origin={window.location.origin} />
    </div>
  );
}
