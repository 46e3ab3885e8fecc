import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import { LIMIT_TEXT } from '@escrow/shared/domain/limits';
import type { PaymentMethod } from '@escrow/shared/domain/nigeria';
import type { PaymentIntent, Transaction } from '@escrow/shared/schemas/transactions';
import { TRANSACTION_SUCCESS, TRANSACTION_TEXT } from '@escrow/shared/texts/transactions';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { formatMoney, formatWholeAmount } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { useConfirmPayment, usePayerWallet, usePaymentIntent } from '../../api/payment';
import { failureText } from '../../../../lib/money-mutation';
import { TestModeBadge } from '../../../../components/test-mode-badge';
import { AMOUNT_TO_PAY_LABELS } from '../../lib/trade-terms';
import { ChoiceCard } from '../form-controls';

export const PAYMENT_FAILED = msg('Failed to confirm payment');

const METHODS: { value: PaymentMethod; title: string; description: string }[] = [
  { value: 'WALLET', title: msg('Wallet'), description: msg('Pay from your wallet balance') },
  {
    value: 'BANK_TRANSFER',
    title: msg('Bank transfer'),
    description: msg('Transfer from your bank account'),
  },
  { value: 'CARD', title: msg('Card'), description: msg('Debit or credit card') },
];

/**
 * The wallet's deposit dialog, which sends the buyer back to this payment (on its own page) once the
 * deposit has settled: `returnTo` is read by the wallet feature's deposit dialog.
 */
export const depositHrefFor = (transactionId: string) =>
  `/app/wallet?action=deposit&returnTo=${encodeURIComponent(`/app/payment/${transactionId}`)}`;

type Props = { transaction: Transaction; onPaid: (transaction: Transaction) => void; onCancel?: () => void };

/**
 * The buyer pays the total into escrow: from the REAL wallet balance, or by bank
 * transfer/card with a reference the server issued (payment-intent) and the provider confirmed.
 */
export function PaymentFlow({ transaction: tx, onPaid, onCancel }: Props) {
  const [method, setMethod] = useState<PaymentMethod>('WALLET');
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const wallet = usePayerWallet(method === 'WALLET');
  const createIntent = usePaymentIntent(tx.id);
  const confirm = useConfirmPayment(tx.id);
  const navigate = useNavigate();

  const walletMatches = wallet.data ? wallet.data.currency === tx.currency : false;
  const covers = wallet.data ? walletMatches && wallet.data.balance >= tx.total : false;
  // A BASIC or ENHANCED wallet may be unable to hold the total at all: deposits stop at the cap, while a
  // bank-transfer or card payment goes straight into escrow (limits never apply to escrow holds).
  const cap = wallet.data?.limits.maxBalance ?? null;
  const aboveCap = walletMatches && !covers && cap !== null && tx.total > cap;
  const canPay = method === 'WALLET' ? covers : intent !== null && intent.paymentMethod === method;
  // One primary action per choice: bank transfer and card first open the checkout, then confirm.
  const needsCheckout = method !== 'WALLET' && !canPay;

  async function requestReference(chosen: 'BANK_TRANSFER' | 'CARD') {
    try {
      const issued = await createIntent.mutateAsync(chosen);
      setIntent(issued);
      // The checkout (Paystack's page, or the app's own test checkout in test mode) sends the buyer back
      // to /app/payment/{id}?reference=…, which takes the reference.
      if (issued.authorizationUrl?.startsWith('/')) void navigate(issued.authorizationUrl);
      else if (issued.authorizationUrl) window.location.assign(issued.authorizationUrl);
    } catch (error) {
      toast.error(failureText(error, t(PAYMENT_FAILED)));
    }
  }

  async function pay() {
    try {
      const { transaction } = await confirm.mutateAsync(
        method === 'WALLET'
          ? { paymentMethod: 'WALLET' }
          : { paymentMethod: method, paymentReference: intent?.reference },
      );
      toast.success(t(TRANSACTION_SUCCESS.paymentConfirmed));
      onPaid(transaction);
    } catch (error) {
      toast.error(t(PAYMENT_FAILED), { description: failureText(error, '') || undefined });
    }
  }

  return (
    <div className="space-y-4">
      <div className="rounded-lg bg-slate-50 p-4 text-sm">
        <div className="flex justify-between">
          <span className="text-slate-600">{t(AMOUNT_TO_PAY_LABELS[tx.feePayer])}</span>
          <span className="font-semibold" data-testid="payment-total">
            {formatMoney(tx.total, tx.currency)}
          </span>
        </div>
      </div>
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('Payment method')}</legend>
        {METHODS.map((option) => (
          <ChoiceCard
            key={option.value}
            name="paymentMethod"
            value={option.value}
            checked={method === option.value}
            onSelect={() => {
              setMethod(option.value);
              setIntent(null);
            }}
            title={t(option.title)}
            description={t(option.description)}
          />
        ))}
      </fieldset>

      {method === 'WALLET' ? (
        <WalletSection
          loading={wallet.isPending}
          failed={wallet.isError}
          balanceText={wallet.data ? formatMoney(wallet.data.balance, wallet.data.currency) : null}
          testMode={wallet.data?.testMode ?? false}
          currencyMismatch={!!wallet.data && !walletMatches}
          insufficient={!!wallet.data && walletMatches && !covers && !aboveCap}
          capText={
            aboveCap && wallet.data
              ? t(LIMIT_TEXT.walletCannotHoldMessage, {
                  // Whole naira, as LIMIT_TEXT.walletCannotHold writes its cap (from kobo, floor-rounded).
                  capMinor: formatWholeAmount(Math.round(cap! * 100) / 100),
                  level: wallet.data.verificationLevel,
                })
              : null
          }
          depositHref={depositHrefFor(tx.id)}
          onChooseMethod={(chosen) => {
            setMethod(chosen);
            setIntent(null);
          }}
        />
      ) : (
        <ReferenceSection intent={intent} />
      )}

      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('Cancel')}
          </Button>
        ) : null}
        {needsCheckout ? (
          <Button onClick={() => void requestReference(method)} disabled={createIntent.isPending}>
            {createIntent.isPending ? t('Opening checkout...') : t('Continue to payment')}
          </Button>
        ) : (
          <Button onClick={() => void pay()} disabled={!canPay || confirm.isPending}>
            {confirm.isPending ? t('Processing...') : t('Confirm Payment')}
          </Button>
        )}
      </div>
    </div>
  );
}

function WalletSection(props: {
  loading: boolean;
  failed: boolean;
  balanceText: string | null;
  testMode: boolean;
  currencyMismatch: boolean;
  insufficient: boolean;
  capText: string | null;
  depositHref: string;
  onChooseMethod: (method: 'BANK_TRANSFER' | 'CARD') => void;
}) {
  if (props.loading) return <Spinner label={t('Loading wallet...')} />;
  if (props.failed)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('Failed to load wallet information')}
      </p>
    );
  return (
    <div className="space-y-2 text-sm">
      <p>
        {t('Wallet balance:')}{' '}
        <span className="font-semibold" data-testid="wallet-balance">
          {props.balanceText}
        </span>
        {props.testMode ? <TestModeBadge className="ml-2" /> : null}
      </p>
      {props.currencyMismatch ? (
        <p role="alert" className="text-red-700">
          {t('Your wallet holds a different currency. Please pay by bank transfer or card.')}
        </p>
      ) : null}
      {props.capText ? (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900"
        >
          <p>{props.capText}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => props.onChooseMethod('BANK_TRANSFER')}>
              {t('Pay by bank transfer')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => props.onChooseMethod('CARD')}>
              {t('Pay by card')}
            </Button>
            <Link to="/app/verification" className="self-center font-medium text-brand-700 underline">
              {t('Verify your identity')}
            </Link>
          </div>
        </div>
      ) : null}
      {props.insufficient ? (
        <p role="alert" className="text-red-700">
          {t(TRANSACTION_TEXT.insufficientBalance)}.{' '}
          <Link to={props.depositHref} className="font-medium text-brand-700 underline">
            {t('Deposit funds')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function ReferenceSection({ intent }: { intent: PaymentIntent | null }) {
  if (!intent)
    return (
      <p className="text-sm text-slate-600">
        {t('You will pay this transaction’s total on the secure checkout page: choose Continue to payment.')}
      </p>
    );
  return (
    <div className="space-y-1 rounded-lg border border-slate-200 p-3 text-sm">
      <p>
        {t('Payment reference:')}{' '}
        <span className="font-mono font-semibold" data-testid="payment-reference">
          {intent.reference}
        </span>
        {intent.testMode ? <TestModeBadge className="ml-2" /> : null}
      </p>
      {intent.testMode ? (
        <p className="text-slate-600">
          {t('Sandbox payment: no real money moves; the reference is confirmed at once.')}
        </p>
      ) : (
        <p className="text-slate-600">{t('Bank and card payments are verified within 24 hours.')}</p>
      )}
    </div>
  );
}
