import { useState } from 'react';
import { toast } from 'sonner';
import { PARTNER_TEXT, type ApiKey } from '@escrow/shared/schemas/partner';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { formatDateTime } from '../../../lib/format';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { ConfirmDialog, errorText } from './confirm-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { SecretDialog } from './secret-reveal';
import { t } from '../../../lib/i18n';
import { CodeText, codeMarks } from './code-text';

/**
 * The user's partner API keys (docs/partner-api.md): create one with its scopes (the key is shown this
 * once), see when each was last used, revoke one after confirming.
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        toast.success(t(PARTNER_TEXT.keyRevoked));
      },
    });
  }

  return (
    <Card role="region" aria-labelledby="api-keys-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="api-keys-title">{t('API keys')}</CardTitle>
          <p className="text-sm text-slate-600">
            <CodeText
              text={t(
                'Your systems send a key as {header} on the partner API. It opens nothing else in your account.',
                codeMarks('header'),
              )}
              codes={{ header: 'Authorization: Bearer' }}
            />
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>{t('Create API key')}</Button>
      </div>

      {keys.isPending ? (
        <LoadingPanel label={t('Loading API keys...')} />
      ) : keys.isError ? (
        <ErrorPanel error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyPanel>
          {t('No API keys yet. Create one to call the partner API from your shop or app.')}
        </EmptyPanel>
      ) : (
        <ul aria-label={t('API keys')} className="divide-y divide-slate-100">
          {keys.data.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
          ))}
        </ul>
      )}

      <CreateApiKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(created) => {
          setCreating(false);
          setNewKey(created.key);
          toast.success(t(PARTNER_TEXT.keyCreated));
        }}
      />
      <SecretDialog
        title={t('Your new API key')}
        label={t('API key')}
        secret={newKey}
        note={t('Only a fingerprint of the key is stored. If you lose it, revoke it and create another.')}
        onClose={() => setNewKey(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('Revoke API key?')}
        description={
          revoking
            ? t('Requests with “{name}” ({prefix}…) are refused from now on. This cannot be undone.', {
                name: revoking.name,
                prefix: revoking.prefix,
              })
            : ''
        }
        confirmLabel={t('Revoke key')}
        pendingLabel={t('Revoking...')}
        pending={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error) : null}
        onConfirm={confirmRevoke}
        onCancel={() => {
          revoke.reset();
          setRevoking(null);
        }}
      />
    </Card>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="api-key-row">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="break-all">{apiKey.name}</span>
          <span
            className={
              apiKey.mode === 'live'
                ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900'
                : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900'
            }
          >
            {apiKey.mode === 'live' ? t('Live') : t('Test')}
          </span>
        </p>
        <p className="font-mono text-xs text-slate-700">{apiKey.prefix}…</p>
        <p className="text-xs text-slate-600">
          {apiKey.scopes.join(', ')} · {t('Created {date}', { date: formatDateTime(apiKey.createdAt) })} ·{' '}
          {apiKey.lastUsedAt
            ? t('Last used {date}', { date: formatDateTime(apiKey.lastUsedAt) })
            : t('Never used')}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRevoke}
        aria-label={t('Revoke {name}', { name: apiKey.name })}
      >
        {t('Revoke')}
      </Button>
    </li>
  );
}
