import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  TEST_CARDS,
  TEST_CHECKOUT_TEXT,
  testCardPaymentSchema,
  type TestCheckout,
} from '@escrow/shared/schemas/test-checkout';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format';
import { usePayTestCheckout, useTestCheckout } from '../api/test-checkout';
import { failureText } from '../../../lib/money-mutation';
import { TestModeBadge } from '../../../components/test-mode-badge';
import { NotFoundCard } from './not-found-card';

type CardForm = z.input<typeof testCardPaymentSchema>;

/**
 * /app/test-checkout/{reference}: in test mode, the page a buyer pays on instead of Paystack's. The card
 * typed decides the outcome (the test cards are listed); a transfer is settled by 'I have sent the money'.
 * Then back to the transaction's payment page, which takes the reference as after a real checkout.
 */
export function TestCheckoutPage({ reference }: { reference: string }) {
  const checkout = useTestCheckout(reference);
  if (checkout.isPending) return <Spinner label="Loading checkout..." />;
  if (checkout.isError)
    return (
      <NotFoundCard message="This payment does not exist or is not yours.">
        <Link to="/app/transactions" className="text-sm font-medium text-brand-700 hover:underline">
          Back to My Transactions
        </Link>
      </NotFoundCard>
    );
  return <CheckoutBody checkout={checkout.data} />;
}

function CheckoutBody({ checkout }: { checkout: TestCheckout }) {
  const navigate = useNavigate();
  const pay = usePayTestCheckout(checkout.reference);
  const [outcome, setOutcome] = useState<string | null>(checkout.failureReason);
  const amount = formatMoney(checkout.amount, checkout.currency);

  async function attempt(body: Parameters<typeof pay.mutateAsync>[0]) {
    try {
      const result = await pay.mutateAsync(body);
      if (result.status === 'success') void navigate(result.returnPath);
      else setOutcome(result.message);
    } catch (error) {
      setOutcome(failureText(error, 'Payment failed'));
    }
  }

  return (
    <div className="space-y-4">
      <Card className="space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <TestModeBadge /> <span>No real money moves on this page.</span>
        </p>
        <p className="text-sm text-slate-600">
          Paying <span className="font-medium text-slate-900">{checkout.email}</span>
        </p>
        <p className="text-2xl font-bold text-slate-900" data-testid="checkout-amount">
          {amount}
        </p>
        <p className="text-xs text-slate-500">
          Reference <span className="break-all font-mono">{checkout.reference}</span>
        </p>
      </Card>
      {outcome ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {outcome}
        </p>
      ) : null}
      {checkout.status === 'SUCCEEDED' ? (
        <Card role="status" className="space-y-2 text-sm">
          <p>{TEST_CHECKOUT_TEXT.alreadyPaid}</p>
          <Link to={checkout.returnPath} className="font-medium text-brand-700 hover:underline">
            Back to the transaction
          </Link>
        </Card>
      ) : checkout.status === 'FAILED' ? (
        <Card role="status" className="space-y-2 text-sm">
          <p>{TEST_CHECKOUT_TEXT.closed}</p>
          <Link
            to={checkout.returnPath.split('?')[0]!}
            className="font-medium text-brand-700 hover:underline"
          >
            Start the payment again
          </Link>
        </Card>
      ) : checkout.method === 'CARD' ? (
        <CardPayment amount={amount} busy={pay.isPending} onPay={(card) => void attempt(card)} />
      ) : (
        <TransferPayment
          checkout={checkout}
          busy={pay.isPending}
          onSent={() => void attempt({ method: 'BANK_TRANSFER' })}
        />
      )}
    </div>
  );
}

function CardPayment({
  amount,
  busy,
  onPay,
}: {
  amount: string;
  busy: boolean;
  onPay: (card: CardForm) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardForm>({
    resolver: zodResolver(testCardPaymentSchema),
    defaultValues: { method: 'CARD', cardNumber: '', expiry: '', cvv: '' },
  });
  return (
    <Card>
      <CardTitle>Pay with card</CardTitle>
      <form
        onSubmit={handleSubmit((card) => onPay(card))}
        noValidate
        className="mt-3 grid gap-3 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <Field id="card-number" label="Card number" error={errors.cardNumber?.message}>
            <Input
              id="card-number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="0000 0000 0000 0000"
              {...register('cardNumber')}
              {...fieldErrorProps('card-number', errors.cardNumber?.message)}
            />
          </Field>
        </div>
        <Field id="card-expiry" label="Expiry (MM/YY)" error={errors.expiry?.message}>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            {...register('expiry')}
            {...fieldErrorProps('card-expiry', errors.expiry?.message)}
          />
        </Field>
        <Field id="card-cvv" label="CVV" error={errors.cvv?.message}>
          <Input
            id="card-cvv"
            inputMode="numeric"
            autoComplete="cc-csc"
            {...register('cvv')}
            {...fieldErrorProps('card-cvv', errors.cvv?.message)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Processing...' : `Pay ${amount}`}
          </Button>
        </div>
      </form>
      <section aria-labelledby="test-cards-title" className="mt-4 rounded-lg bg-slate-50 p-3 text-sm">
        <h2 id="test-cards-title" className="font-medium text-slate-900">
          Test cards
        </h2>
        <p className="text-slate-600">Any future expiry date and any 3-digit CVV.</p>
        <ul className="mt-2 space-y-1">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</span>{' '}
              <span className="text-slate-600">— {card.label}</span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

function TransferPayment({
  checkout,
  busy,
  onSent,
}: {
  checkout: TestCheckout;
  busy: boolean;
  onSent: () => void;
}) {
  const { transfer } = checkout;
  return (
    <Card className="space-y-3 text-sm">
      <CardTitle>Pay by bank transfer</CardTitle>
      <p className="text-slate-600">
        Transfer exactly {formatMoney(checkout.amount, checkout.currency)} to this account. It is for this
        payment only.
      </p>
      <dl className="grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Bank</dt>
          <dd className="font-medium text-slate-900">{transfer.bankName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Account number</dt>
          <dd className="font-mono font-medium text-slate-900">{transfer.accountNumber}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Account name</dt>
          <dd className="font-medium text-slate-900">{transfer.accountName}</dd>
        </div>
      </dl>
      <Button onClick={onSent} disabled={busy}>
        {busy ? 'Checking...' : 'I have sent the money'}
      </Button>
    </Card>
  );
}
