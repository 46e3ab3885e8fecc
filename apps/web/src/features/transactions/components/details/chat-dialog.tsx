import type { Transaction } from '@escrow/shared/schemas/transactions';
import { ChatPanel } from '../../../../widgets/chat/chat-panel';
import { Dialog } from '../../../../components/ui/dialog';
import { t } from '../../../../lib/i18n';

/** The viewer's own id: they created the transaction exactly when their role is the creator's. */
export const viewerIdOf = (tx: Transaction) =>
  tx.viewerRole === tx.creatorRole ? tx.creatorId : (tx.counterpartyId ?? '');

export type ChatDialogProps = {
  transaction: Transaction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The Chat dialog on the details screen: the same live chat as /app/messages (history, files,
 * typing, receipts), without leaving the transaction.
 */
export function ChatDialog({ transaction: tx, open, onOpenChange }: ChatDialogProps) {
  const name = tx.viewerRole === tx.creatorRole ? tx.counterpartyName : tx.creatorName;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={name ? t('Chat with {name}', { name }) : t('Chat with counterparty')}
      wide
    >
      <div className="-mx-6 -mb-6 h-[min(36rem,70dvh)] border-t border-slate-200">
        <ChatPanel transactionId={tx.id} viewerId={viewerIdOf(tx)} showTransactionLink={false} />
      </div>
    </Dialog>
  );
}
