import { useState } from 'react';
import { toast } from 'sonner';
import { downloadFromApi } from '../lib/download';
import { t } from '../lib/i18n';
import { Button } from './ui/button';

/** A button that downloads a PDF the API makes for the signed-in user; failures are said in a toast. */
export function DownloadButton({
  path,
  fallbackName,
  children,
  className,
}: {
  path: string;
  fallbackName: string;
  children: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFromApi(path, fallbackName);
    } catch (error) {
      toast.error(t('Download failed'), { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" className={className} onClick={() => void download()} disabled={busy}>
      {busy ? t('Preparing...') : children}
    </Button>
  );
}
