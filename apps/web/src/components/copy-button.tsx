import { toast } from 'sonner';
import CopyIcon from 'lucide-react/icons/copy';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../lib/i18n';
import { Button } from './ui/button';

export const COPY_TEXT = {
  copied: msg('Copied to clipboard'),
  failed: msg('Could not copy. Select the text and copy it yourself.'),
} as const;

/** Copies `text`; `what` names it for screen readers ('Copy API key'). The toast says how it went. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      toast.success(t(COPY_TEXT.copied));
    } catch {
      toast.error(t(COPY_TEXT.failed));
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={t('Copy {what}', { what })}>
      <CopyIcon className="h-4 w-4" aria-hidden />
      {t('Copy')}
    </Button>
  );
}
