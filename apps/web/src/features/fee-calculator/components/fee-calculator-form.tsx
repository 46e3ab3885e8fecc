import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  FEE_DELIVERY_METHODS,
  FEE_PAYMENT_METHODS,
  FEE_TRANSACTION_TYPES,
  type FeeDeliveryMethod,
  type FeePaymentMethod,
  type FeeTransactionType,
} from '@escrow/shared/domain/fee-estimate';
import { toMajor, typedAmountToMinor } from '@escrow/shared/domain/money';
import {
  ITEM_CATEGORIES,
  TRANSACTION_CURRENCIES,
  type TransactionCurrency,
} from '@escrow/shared/domain/nigeria';
import { FEE_TEXT, type FeeCalculationResult } from '@escrow/shared/schemas/fee-calculator';
import { Button } from '../../../components/ui/button';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useCalculateFee } from '../api/calculate-fee';
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS, TRANSACTION_TYPE_LABELS } from '../labels';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-500';

/**
 * The calculator form (spec 02 §2.7, §5). Amount and category are required ('Please fill in all required
 * fields'); the amount is parsed exactly (major units, at most 2 decimals). The server recomputes and
 * validates everything; a 400 shows its text, any other failure 'Failed to calculate fee'.
 */
export function FeeCalculatorForm({ onResult }: { onResult: (quote: FeeCalculationResult) => void }) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<TransactionCurrency>('NGN');
  const [transactionType, setTransactionType] = useState<FeeTransactionType>('GOODS');
  const [categoryName, setCategoryName] = useState('');
  const [deliveryMethod, setDeliveryMethod] = useState<FeeDeliveryMethod>('PICKUP');
  const [paymentMethod, setPaymentMethod] = useState<FeePaymentMethod>('BANK_TRANSFER');
  const [amountError, setAmountError] = useState<string>();
  const calculate = useCalculateFee();

  function submit(event: FormEvent) {
    event.preventDefault();
    setAmountError(undefined);
    if (!amount.trim() || !categoryName) {
      toast.error(FEE_TEXT.requiredFields);
      if (!amount.trim()) setAmountError(FEE_TEXT.requiredFields);
      return;
    }
    const amountMinor = typedAmountToMinor(amount);
    if (amountMinor === null || amountMinor <= 0) {
      setAmountError(FEE_TEXT.invalidAmount);
      toast.error(FEE_TEXT.invalidAmount);
      return;
    }
    calculate.mutate(
      {
        transactionAmount: toMajor(amountMinor),
        currency,
        transactionType,
        categoryName: categoryName as (typeof ITEM_CATEGORIES)[number],
        deliveryMethod,
        paymentMethod,
      },
      {
        onSuccess: onResult,
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.status === 400 ? error.message : FEE_TEXT.calculateFailed,
          ),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field id={`${id}-amount`} label="Transaction Amount" error={amountError}>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 150000"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          {...fieldErrorProps(`${id}-amount`, amountError)}
        />
      </Field>
      <Field id={`${id}-currency`} label="Currency">
        <select
          id={`${id}-currency`}
          className={selectClass}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as TransactionCurrency)}
        >
          {TRANSACTION_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-type`} label="Transaction Type">
        <select
          id={`${id}-type`}
          className={selectClass}
          value={transactionType}
          onChange={(event) => setTransactionType(event.target.value as FeeTransactionType)}
        >
          {FEE_TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {TRANSACTION_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-category`} label="Category">
        <select
          id={`${id}-category`}
          className={selectClass}
          value={categoryName}
          onChange={(event) => setCategoryName(event.target.value)}
        >
          <option value="">Select a category</option>
          {ITEM_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-delivery`} label="Delivery Method">
        <select
          id={`${id}-delivery`}
          className={selectClass}
          value={deliveryMethod}
          onChange={(event) => setDeliveryMethod(event.target.value as FeeDeliveryMethod)}
        >
          {FEE_DELIVERY_METHODS.map((method) => (
            <option key={method} value={method}>
              {DELIVERY_METHOD_LABELS[method]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-payment`} label="Payment Method">
        <select
          id={`${id}-payment`}
          className={selectClass}
          value={paymentMethod}
          onChange={(event) => setPaymentMethod(event.target.value as FeePaymentMethod)}
        >
          {FEE_PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={calculate.isPending} className="w-full sm:w-auto">
          {calculate.isPending ? 'Calculating...' : 'Calculate'}
        </Button>
      </div>
    </form>
  );
}
