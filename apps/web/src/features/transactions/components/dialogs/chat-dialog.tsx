import { content } from '../../../../config/content';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';

/** Chat is not built yet: say so plainly rather than show a chat box that sends nothing. */
export function ChatDialog({
  open,
  onOpenChange,
  counterpartyName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  counterpartyName: string | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Chat with Counterparty"
      description="Chat is coming soon."
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <p className="text-sm text-slate-700">
        Messaging {counterpartyName ? `with ${counterpartyName} ` : ''}inside {content.productName} is being
        built. Until then, every step of this transaction is recorded in its Activity tab, and our support
        team can help at{' '}
        <a className="font-medium text-brand-700 underline" href={`mailto:${content.supportEmail}`}>
          {content.supportEmail}
        </a>
        .
      </p>
    </Dialog>
  );
}
