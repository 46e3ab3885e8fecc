import type { Transaction } from '@escrow/shared/schemas/transactions';

/** Once a transaction has left PENDING: who joined, or that the invitation closed without them. */
export function JoinedNote({ transaction: tx }: { transaction: Transaction }) {
  return (
    <p role="status" className="text-sm text-slate-700">
      {tx.counterpartyName ? `${tx.counterpartyName} has joined.` : 'The invitation is no longer open.'}
    </p>
  );
}
