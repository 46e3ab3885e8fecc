import { toast } from 'sonner';
import CopyIcon from 'lucide-react/icons/copy';
import { Button } from './ui/button';

export const COPY_TEXT = {
  copied: 'Copied to clipboard',
  failed: 'Could not copy. Select the text and copy it yourself.',
} as const;

/** Copies `text`; `what` names it for screen readers ('Copy API key'). The toast says how it went. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      toast.success(COPY_TEXT.copied);
    } catch {
      toast.error(COPY_TEXT.failed);
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy ${what}`}>
      <CopyIcon className="h-4 w-4" aria-hidden />
      Copy
    </Button>
  );
}
