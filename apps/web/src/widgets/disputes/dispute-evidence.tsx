import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import type { Dispute, DisputeEvidence as Evidence } from '@escrow/shared/schemas/disputes';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime, formatFileSize } from '../../lib/format';
import { t } from '../../lib/i18n';
import { downloadUpload } from '../../lib/uploads';
import { useUploadObjectUrl } from '../../lib/use-upload-object-url';
import { fullName, partyLabel } from './dispute-labels';

/**
 * Evidence from both parties: images inline, other files downloadable (both through the token, so only
 * the parties and staff can open them). `children` goes under the list (a party's upload form).
 */
export function DisputeEvidence({ dispute, children }: { dispute: Dispute; children?: ReactNode }) {
  return (
    <Card>
      <CardTitle>{t('Evidence')}</CardTitle>
      {dispute.evidence.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t(DISPUTE_TEXT.noEvidence)}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={t('Evidence')}>
          {dispute.evidence.map((item) => (
            <li key={item.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              {item.fileType.startsWith('image/') ? (
                <EvidenceImage evidence={item} />
              ) : (
                <EvidenceFile evidence={item} />
              )}
              {item.description ? (
                <p className="mt-2 break-words text-slate-800">{item.description}</p>
              ) : null}
              <p className="mt-1 text-xs text-slate-500">
                {fullName(item.uploader)} ({partyLabel(item.uploader, dispute.transaction)}) ·{' '}
                {formatDateTime(item.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {children}
    </Card>
  );
}

function EvidenceImage({ evidence }: { evidence: Evidence }) {
  const { url, error } = useUploadObjectUrl(evidence.uploadId);
  if (error) return <p className="text-red-700">{t('Could not load {name}', { name: evidence.fileName })}</p>;
  if (!url) return <Spinner label={t('Loading {name}...', { name: evidence.fileName })} />;
  return (
    <img
      src={url}
      alt={evidence.description ?? evidence.fileName}
      className="max-h-56 w-full rounded-md bg-slate-100 object-contain"
    />
  );
}

function EvidenceFile({ evidence }: { evidence: Evidence }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadUpload(evidence.uploadId, evidence.fileName);
    } catch (error) {
      toast.error(
        t('Failed to download {name}: {error}', { name: evidence.fileName, error: (error as Error).message }),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="min-w-0 break-all font-medium text-slate-900">
        {evidence.fileName}{' '}
        <span className="font-normal text-slate-500">({formatFileSize(evidence.size)})</span>
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        onClick={() => void download()}
        aria-label={t('Download {name}', { name: evidence.fileName })}
      >
        {busy ? t('Downloading...') : t('Download')}
      </Button>
    </div>
  );
}
