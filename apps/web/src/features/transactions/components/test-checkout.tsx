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
import { t } from '../../../lib/i18n';
import { usePayTestCheckout, useTestCheckout } from '../api/test-checkout';
import { failureText } from '../../../lib/money-mutation';
import { TestModeBadge } from '../../../components/test-mode-badge';
import { aroundValue } from '../lib/markup-slot';
import { NotFoundCard } from './not-found-card';

type CardForm = z.input<typeof testCardPaymentSchema>;

/** Printed on cards as they are: the same in every language. */
const EXPIRY_FORMAT = 'MM/YY';
const CVV = 'CVV';

/**
 * /app/test-checkout/{reference}: in test mode, the page a buyer pays on instead of Paystack's. The card
 * typed decides the outcome (the test cards are listed); a transfer is settled by 'I have sent the money'.
 * Then back to the transaction's payment page, which takes the reference as after a real checkout.
 */
export function TestCheckoutPage({ reference }: { reference: string }) {
  const checkout = useTestCheckout(reference);
  if (checkout.isPending) return <Spinner label={t('Loading checkout...')} />;
  if (checkout.isError)
    return (
      <NotFoundCard message={t('This payment does not exist or is not yours.')}>
        <Link to="/app/transactions" className="text-sm font-medium text-brand-700 hover:underline">
          {t('Back to My Transactions')}
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
  const [beforeEmail, afterEmail] = aroundValue((email) => t('Paying {email}', { email }));
  const [beforeReference, afterReference] = aroundValue((reference) =>
    t('Reference {reference}', { reference }),
  );

  async function attempt(body: Parameters<typeof pay.mutateAsync>[0]) {
    try {
      const result = await pay.mutateAsync(body);
      if (result.status === 'success') void navigate(result.returnPath);
      else setOutcome(result.message);
    } catch (error) {
      setOutcome(failureText(error, t('Payment failed')));
    }
  }

  return (
    <div className="space-y-4">
      <Card className="space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <TestModeBadge /> <span>{t('No real money moves on this page.')}</span>
        </p>
        <p className="text-sm text-slate-600">
          {beforeEmail}
          <span className="font-medium text-slate-900">{checkout.email}</span>
          {afterEmail}
        </p>
        <p className="text-2xl font-bold text-slate-900" data-testid="checkout-amount">
          {amount}
        </p>
        <p className="text-xs text-slate-500">
          {beforeReference}
          <span className="break-all font-mono">{checkout.reference}</span>
          {afterReference}
        </p>
      </Card>
      {outcome ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {outcome}
        </p>
      ) : null}
      {checkout.status === 'SUCCEEDED' ? (
        <Card role="status" className="space-y-2 text-sm">
          <p>{t(TEST_CHECKOUT_TEXT.alreadyPaid)}</p>
          <Link to={checkout.returnPath} className="font-medium text-brand-700 hover:underline">
            {t('Back to the transaction')}
          </Link>
        </Card>
      ) : checkout.status === 'FAILED' ? (
        <Card role="status" className="space-y-2 text-sm">
          <p>{t(TEST_CHECKOUT_TEXT.closed)}</p>
          <Link
            to={checkout.returnPath.split('?')[0]!}
            className="font-medium text-brand-700 hover:underline"
          >
            {t('Start the payment again')}
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
  // The shared schema's English ids, in the reader's language.
  const cardNumberError = errors.cardNumber?.message ? t(errors.cardNumber.message) : undefined;
  const expiryError = errors.expiry?.message ? t(errors.expiry.message) : undefined;
  const cvvError = errors.cvv?.message ? t(errors.cvv.message) : undefined;
  return (
    <Card>
      <CardTitle>{t('Pay with card')}</CardTitle>
      <form
        onSubmit={handleSubmit((card) => onPay(card))}
        noValidate
        className="mt-3 grid gap-3 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <Field id="card-number" label={t('Card number')} error={cardNumberError}>
            <Input
              id="card-number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="0000 0000 0000 0000"
              {...register('cardNumber')}
              {...fieldErrorProps('card-number', cardNumberError)}
            />
          </Field>
        </div>
        <Field id="card-expiry" label={t('Expiry (MM/YY)')} error={expiryError}>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={EXPIRY_FORMAT}
            {...register('expiry')}
            {...fieldErrorProps('card-expiry', expiryError)}
          />
        </Field>
        <Field id="card-cvv" label={CVV} error={cvvError}>
          <Input
            id="card-cvv"
            inputMode="numeric"
            autoComplete="cc-csc"
            {...register('cvv')}
            {...fieldErrorProps('card-cvv', cvvError)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? t('Processing...') : t('Pay {amount}', { amount })}
          </Button>
        </div>
      </form>
      <section aria-labelledby="test-cards-title" className="mt-4 rounded-lg bg-slate-50 p-3 text-sm">
        <h2 id="test-cards-title" className="font-medium text-slate-900">
          {t('Test cards')}
        </h2>
        <p className="text-slate-600">{t('Any future expiry date and any 3-digit CVV.')}</p>
        <ul className="mt-2 space-y-1">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</span>{' '}
              <span className="text-slate-600">— {t(card.label)}</span>
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
      <CardTitle>{t('Pay by bank transfer')}</CardTitle>
      <p className="text-slate-600">
        {t('Transfer exactly {amount} to this account. It is for this payment only.', {
          amount: formatMoney(checkout.amount, checkout.currency),
        })}
      </p>
      <dl className="grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{t('Bank')}</dt>
          <dd className="font-medium text-slate-900">{transfer.bankName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('Account number')}</dt>
          <dd className="font-mono font-medium text-slate-900">{transfer.accountNumber}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('Account name')}</dt>
          <dd className="font-medium text-slate-900">{transfer.accountName}</dd>
        </div>
      </dl>
      <Button onClick={onSent} disabled={busy}>
        {busy ? t('Checking...') : t('I have sent the money')}
      </Button>
    </Card>
  );
}
