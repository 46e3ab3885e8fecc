import type { Transaction } from '@escrow/shared/schemas/transactions';
import { t } from '../../../lib/i18n';

/** Once a transaction has left PENDING: who joined, or that the invitation closed without them. */
export function JoinedNote({ transaction: tx }: { transaction: Transaction }) {
  return (
    <p role="status" className="text-sm text-slate-700">
      {tx.counterpartyName
        ? t('{name} has joined.', { name: tx.counterpartyName })
        : t('The invitation is no longer open.')}
    </p>
  );
}
