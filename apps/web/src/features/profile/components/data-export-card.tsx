import { useState } from 'react';
import { toast } from 'sonner';
import type { DataExport } from '@escrow/shared/schemas/privacy';
import { PRIVACY_TEXT } from '@escrow/shared/texts/privacy';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { rateLimitOf } from '../../../lib/api-client';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { downloadExport, useDataExports, useRequestExport } from '../api/privacy';

/**
 * Profile → Privacy → Download my data (docs/privacy.md): ask for a ZIP of everything the account
 * holds, see it being prepared, download it for 7 days. One a day; the server says when the next is possible.
 */
export function DataExportCard() {
  const exports = useDataExports();
  const request = useRequestExport();
  const [downloading, setDownloading] = useState(false);

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success(t(PRIVACY_TEXT.exportRequested)),
      onError: (error) => toast.error(rateLimitOf(error)?.serverMessage ?? error.message),
    });
  const download = async (item: DataExport) => {
    setDownloading(true);
    try {
      await downloadExport(item);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('Download failed'));
      void exports.refetch();
    } finally {
      setDownloading(false);
    }
  };

  const latest = exports.data?.exports[0];
  const next = exports.data?.nextRequestAt ?? null;
  return (
    <Card>
      <CardTitle>{t('Download my data')}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {t(
          'A ZIP of everything we hold about you: profile, sign-ins, transactions with their activity, messages, disputes, notifications, ratings, verification history and bank accounts (numbers masked), your wallet statement and the files you uploaded. We prepare it within minutes and tell you by notification and e-mail; you can download it for 7 days. One copy a day.',
        )}
      </p>
      {exports.isPending ? (
        <LoadingPanel label={t('Loading your data exports...')} />
      ) : exports.isError ? (
        <ErrorPanel error={exports.error} onRetry={() => void exports.refetch()} />
      ) : (
        <>
          {latest ? <ExportState item={latest} downloading={downloading} onDownload={download} /> : null}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={ask} disabled={request.isPending || next !== null}>
              {request.isPending ? t('Requesting...') : t('Request my data')}
            </Button>
            {next ? (
              <p className="text-sm text-slate-600">
                {t('You can ask for another copy after {date}.', { date: formatDateTime(next) })}
              </p>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}

function ExportState({
  item,
  downloading,
  onDownload,
}: {
  item: DataExport;
  downloading: boolean;
  onDownload: (item: DataExport) => Promise<void>;
}) {
  const box = 'mt-3 rounded-lg p-3 text-sm';
  switch (item.status) {
    case 'PENDING':
      return (
        <p role="status" className={`${box} bg-brand-50 text-brand-900`}>
          {t('Preparing your data (asked {date}). We will tell you when it is ready.', {
            date: formatDateTime(item.requestedAt),
          })}
        </p>
      );
    case 'READY':
      return (
        <div role="status" className={`${box} bg-emerald-50 text-emerald-900`}>
          <p>
            {t('Your data is ready ({size}). You can download it until {date}; then it is deleted.', {
              size: formatFileSize(item.size ?? 0),
              date: formatDateTime(item.expiresAt!),
            })}
          </p>
          <Button className="mt-2" size="sm" onClick={() => void onDownload(item)} disabled={downloading}>
            {downloading ? t('Downloading...') : t('Download ZIP')}
          </Button>
        </div>
      );
    case 'EXPIRED':
      return (
        <p role="status" className={`${box} bg-slate-50 text-slate-700`}>
          {t('Your last copy (asked {date}) has expired and was deleted.', {
            date: formatDateTime(item.requestedAt),
          })}
        </p>
      );
    case 'FAILED':
      return (
        <p role="alert" className={`${box} bg-red-50 text-red-800`}>
          {t(PRIVACY_TEXT.exportFailedMessage)}
        </p>
      );
  }
}
