import { useController, useFormContext, useWatch } from 'react-hook-form';
import { TRANSACTION_CURRENCIES } from '@escrow/shared/domain/nigeria';
import { TRANSACTION_FEE_PERCENT } from '@escrow/shared/domain/fees';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { amountValue, numberValue } from '../../../lib/form-values';
import { feePreview, type CreateFormValues } from '../lib/create-form';
import { ChoiceCard, Select, Textarea } from './form-controls';

type Choice<V> = { value: V; key: string; title: string; description: string };

/** A required either/or choice (role, courier) with its message under the group. */
function ChoiceGroup<N extends 'creatorRole' | 'useCourier'>({
  name,
  legend,
  choices,
}: {
  name: N;
  legend: string;
  choices: readonly [Choice<CreateFormValues[N]>, Choice<CreateFormValues[N]>];
}) {
  const { field, fieldState } = useController<CreateFormValues, N>({ name });
  const errorId = `tx-${name}-error`;
  const message = fieldState.error?.message;
  return (
    <fieldset
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      aria-describedby={message ? errorId : undefined}
    >
      <legend className="mb-3 text-sm text-slate-600">{legend}</legend>
      {choices.map((choice, index) => (
        <ChoiceCard
          key={choice.key}
          name={name}
          value={choice.key}
          checked={field.value === choice.value}
          onSelect={() => field.onChange(choice.value)}
          onBlur={field.onBlur}
          inputRef={index === 0 ? field.ref : undefined}
          describedBy={message ? errorId : undefined}
          title={choice.title}
          description={choice.description}
        />
      ))}
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-red-600 sm:col-span-2">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

export function RoleStep() {
  return (
    <ChoiceGroup
      name="creatorRole"
      legend="Are you buying or selling in this transaction?"
      choices={[
        { value: 'BUYER', key: 'BUYER', title: 'Buyer', description: 'I want to purchase something' },
        { value: 'SELLER', key: 'SELLER', title: 'Seller', description: 'I want to sell something' },
      ]}
    />
  );
}

export function CourierStep() {
  return (
    <ChoiceGroup
      name="useCourier"
      legend="Will the item be delivered by a courier?"
      choices={[
        { value: true, key: 'yes', title: 'Yes', description: 'I need shipping services' },
        { value: false, key: 'no', title: 'No', description: 'Local pickup or delivery' },
      ]}
    />
  );
}

const CURRENCY_OPTIONS = TRANSACTION_CURRENCIES.map((code) => ({
  value: code,
  label: code === 'NGN' ? 'NGN (Naira)' : code,
}));

export function PricingStep() {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateFormValues>();
  const [price, currency, useCourier] = useWatch<CreateFormValues, ['price', 'currency', 'useCourier']>({
    name: ['price', 'currency', 'useCourier'],
  });
  const preview = feePreview(price);
  const descriptionError = errors.description?.message;
  const priceError = errors.price?.message;
  const daysError = errors.estimatedDeliveryDays?.message;
  return (
    <div className="space-y-4">
      <Field id="tx-description" label="Description" error={descriptionError}>
        <Textarea
          id="tx-description"
          maxLength={2000}
          placeholder="What is being bought or sold?"
          {...fieldErrorProps('tx-description', descriptionError)}
          {...register('description')}
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="tx-currency" label="Currency">
          <Select id="tx-currency" options={CURRENCY_OPTIONS} {...register('currency')} />
        </Field>
        <Field id="tx-price" label="Price" error={priceError}>
          <Input
            id="tx-price"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...fieldErrorProps('tx-price', priceError)}
            {...register('price', { setValueAs: amountValue })}
          />
        </Field>
      </div>
      {useCourier ? (
        <Field id="tx-delivery-days" label="Estimated delivery days" error={daysError}>
          <Input
            id="tx-delivery-days"
            type="number"
            min={1}
            max={30}
            step={1}
            {...fieldErrorProps('tx-delivery-days', daysError)}
            {...register('estimatedDeliveryDays', { setValueAs: (v) => numberValue(v) ?? Number.NaN })}
          />
        </Field>
      ) : null}
      <dl className="rounded-lg bg-slate-50 p-4 text-sm" aria-live="polite">
        <div className="flex justify-between py-1">
          <dt className="text-slate-600">Escrow fee ({TRANSACTION_FEE_PERCENT}%)</dt>
          <dd data-testid="wizard-fee" className="font-medium">
            {preview ? formatMoney(preview.fee, currency) : '—'}
          </dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 py-1 pt-2">
          <dt className="font-semibold text-slate-900">Total (paid by the buyer)</dt>
          <dd data-testid="wizard-total" className="font-semibold">
            {preview ? formatMoney(preview.total, currency) : '—'}
          </dd>
        </div>
      </dl>
    </div>
  );
}
