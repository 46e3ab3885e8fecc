import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FEE_PAYER_LABELS } from '@escrow/shared/domain/fees';
import { decide } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { TRANSACTION_SUCCESS } from '@escrow/shared/texts/transactions';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useConfirmPayment } from '../api/payment';
import { failureText } from '../../../lib/money-mutation';
import { transitionFacts } from '../lib/trade-terms';
import { PAYMENT_FAILED, PaymentFlow } from './dialogs/payment-flow';
import { Detail } from './form-controls';

const LINK =
  'inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800';

function PaymentDone({ transaction: tx }: { transaction: Transaction }) {
  return (
    <Card className="space-y-3 text-center" role="status">
      <CardTitle>{t('Payment Successful')}</CardTitle>
      <p className="text-sm text-slate-600">
        {tx.shippingType === 'IN_PERSON'
          ? t(
              'Your payment is held in escrow. Your release code is on the transaction page: give it to the seller only when you have checked the item.',
            )
          : tx.milestones.length
            ? t(
                'Your payment is held in escrow. The seller delivers each milestone, and its amount is released only when you accept it.',
              )
            : t(
                'Your payment is held in escrow. The seller has been told to ship, and the money is released only after you confirm receipt.',
              )}
      </p>
      <Link to="/app/transactions" className={LINK}>
        {t('Go to My Transactions')}
      </Link>
    </Card>
  );
}

/** Back from the provider's checkout with `?reference=`: confirm that reference once. */
function ReturnedPayment({
  transaction,
  reference,
  onDone,
}: {
  transaction: Transaction;
  reference: string;
  onDone: () => void;
}) {
  const confirm = useConfirmPayment(transaction.id);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The provider's page covered both card and bank transfer; the server checks the reference itself.
    confirm
      .mutateAsync({ paymentMethod: 'CARD', paymentReference: reference })
      .then(() => {
        toast.success(t(TRANSACTION_SUCCESS.paymentConfirmed));
        onDone();
      })
      .catch((error) => toast.error(t(PAYMENT_FAILED), { description: failureText(error, '') || undefined }));
  }, [confirm, reference, onDone]);
  if (confirm.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t(PAYMENT_FAILED)}. {failureText(confirm.error, '')}
      </p>
    );
  return <Spinner label={t('Confirming your payment...')} />;
}

export function PaymentPageBody({
  transaction: tx,
  returnedReference,
}: {
  transaction: Transaction;
  returnedReference: string | null;
}) {
  const [paid, setPaid] = useState(false);
  if (paid || (tx.paymentCompleted && tx.viewerRole === 'BUYER')) return <PaymentDone transaction={tx} />;
  // A brokered trade's broker never pays (its viewerRole is only a stand-in): the table refuses BROKER.
  const payable = decide(tx.status, 'PAY', tx.viewerIsBroker ? 'BROKER' : tx.viewerRole, transitionFacts(tx));
  return (
    <div className="space-y-4">
      <Card>
        <CardTitle>{t('Summary')}</CardTitle>
        <dl className="mt-3 divide-y divide-slate-100">
          <Detail label={t('Item')}>{tx.description}</Detail>
          <Detail label={t('Price')}>{formatMoney(tx.price, tx.currency)}</Detail>
          <Detail label={t('Transaction Fee (2.5%)')}>{formatMoney(tx.fee, tx.currency)}</Detail>
          <Detail label={t('Who pays the fee')}>{t(FEE_PAYER_LABELS[tx.feePayer])}</Detail>
          {/* The total is what the buyer pays into escrow (buyerPays), whoever pays the fee. */}
          <Detail label={t('Total')}>
            <span data-testid="payment-page-total">{formatMoney(tx.total, tx.currency)}</span>
          </Detail>
          <Detail label={t('Seller receives')}>{formatMoney(tx.sellerReceives, tx.currency)}</Detail>
        </dl>
      </Card>
      <Card>
        {!payable.ok ? (
          <div role="status" className="space-y-2 text-sm text-slate-700">
            <p>{t(payable.reason, payable.params)}.</p>
            {tx.useCourier && tx.status === 'ACTIVE' && tx.viewerRole === 'BUYER' ? (
              <Link
                to={`/app/shipping-details/${tx.id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {t('Provide delivery details')}
              </Link>
            ) : (
              <Link to={`/app/transactions/${tx.id}`} className="font-medium text-brand-700 hover:underline">
                {t('Back to the transaction')}
              </Link>
            )}
          </div>
        ) : returnedReference ? (
          <ReturnedPayment transaction={tx} reference={returnedReference} onDone={() => setPaid(true)} />
        ) : (
          <PaymentFlow transaction={tx} onPaid={() => setPaid(true)} />
        )}
      </Card>
    </div>
  );
}
