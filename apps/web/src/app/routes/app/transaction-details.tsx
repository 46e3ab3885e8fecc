import { useParams } from 'react-router';
import { TransactionDetails } from '../../../features/transactions/components/details/transaction-details';

/** /app/transactions/{id} and /app/transaction-details/{id}. */
export default function TransactionDetailsPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-6xl">
      <TransactionDetails key={id} id={id} />
    </div>
  );
}
