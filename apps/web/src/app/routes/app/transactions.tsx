import { TransactionsList } from '../../../features/transactions/components/transactions-list';

export default function TransactionsPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <TransactionsList />
    </div>
  );
}
