import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import {
  FEE_DELIVERY_METHODS,
  FEE_PAYMENT_METHODS,
  FEE_TRANSACTION_TYPES,
} from '@escrow/shared/domain/fee-estimate';
import { ITEM_CATEGORIES, TRANSACTION_CURRENCIES } from '@escrow/shared/domain/nigeria';
import {
  FEE_TEXT,
  feeCalculateRequestSchema,
  type FeeCalculateBody,
  type FeeCalculateRequest,
  type FeeCalculationResult,
} from '@escrow/shared/schemas/fee-calculator';
import { Button } from '../../../components/ui/button';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { amountValue, choiceValue, showServerFieldErrors } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useCalculateFee } from '../api/calculate-fee';
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS, TRANSACTION_TYPE_LABELS } from '../labels';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-500';

// Amount and category start empty (the schema says they are required).
const DEFAULTS = {
  currency: 'NGN',
  transactionType: 'GOODS',
  deliveryMethod: 'PICKUP',
  paymentMethod: 'BANK_TRANSFER',
} as const;

/** The toast of a refused submit: the 'required' text when anything is missing, else the first message. */
function refusalText(errors: FieldErrors<FeeCalculateRequest>): string {
  const messages = Object.values(errors).map((error) => error?.message);
  return t(
    messages.includes(FEE_TEXT.requiredFields)
      ? FEE_TEXT.requiredFields
      : (messages.find((m): m is string => typeof m === 'string') ?? FEE_TEXT.invalidAmount),
  );
}

/**
 * The calculator form on react-hook-form with the server's request schema: amount and
 * category are required ('Please fill in all required fields', next to each field and as a toast); the
 * amount is read by the app's one typed-amount reader. The server recomputes and validates everything; a
 * 400 puts its messages on their fields (or shows its text), any other failure 'Failed to calculate fee'.
 */
export function FeeCalculatorForm({ onResult }: { onResult: (quote: FeeCalculationResult) => void }) {
  const id = useId();
  const calculate = useCalculateFee();
  const form = useForm<FeeCalculateRequest, unknown, FeeCalculateBody>({
    resolver: zodResolver(feeCalculateRequestSchema),
    defaultValues: DEFAULTS,
  });
  useFixAsYouType(form);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const submit = handleSubmit(
    (body) =>
      calculate.mutate(body, {
        onSuccess: onResult,
        onError: (error) => {
          if (showServerFieldErrors(error, setError).length) return;
          toast.error(
            error instanceof ApiError && error.status === 400 ? error.message : t(FEE_TEXT.calculateFailed),
          );
        },
      }),
    (refused) => toast.error(refusalText(refused)),
  );

  // The schema's messages are English ids (shown with t()); a server's message arrives translated and
  // t() leaves it as it is.
  const amountError = errors.transactionAmount?.message && t(errors.transactionAmount.message);
  const categoryError = errors.categoryName?.message && t(errors.categoryName.message);
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field id={`${id}-amount`} label={t('Transaction Amount')} error={amountError}>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('e.g. {example}', { example: '150000' })}
          aria-required
          {...fieldErrorProps(`${id}-amount`, amountError)}
          {...register('transactionAmount', { setValueAs: amountValue })}
        />
      </Field>
      <Field id={`${id}-currency`} label={t('Currency')}>
        <select id={`${id}-currency`} className={selectClass} {...register('currency')}>
          {TRANSACTION_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-type`} label={t('Transaction Type')}>
        <select id={`${id}-type`} className={selectClass} {...register('transactionType')}>
          {FEE_TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(TRANSACTION_TYPE_LABELS[type])}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-category`} label={t('Category')} error={categoryError}>
        <select
          id={`${id}-category`}
          className={selectClass}
          aria-required
          {...fieldErrorProps(`${id}-category`, categoryError)}
          {...register('categoryName', { setValueAs: choiceValue })}
        >
          <option value="">{t('Select a category')}</option>
          {ITEM_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(category)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-delivery`} label={t('Delivery Method')}>
        <select id={`${id}-delivery`} className={selectClass} {...register('deliveryMethod')}>
          {FEE_DELIVERY_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(DELIVERY_METHOD_LABELS[method])}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-payment`} label={t('Payment Method')}>
        <select id={`${id}-payment`} className={selectClass} {...register('paymentMethod')}>
          {FEE_PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(PAYMENT_METHOD_LABELS[method])}
            </option>
          ))}
        </select>
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={calculate.isPending} className="w-full sm:w-auto">
          {calculate.isPending ? t('Calculating...') : t('Calculate')}
        </Button>
      </div>
    </form>
  );
}
