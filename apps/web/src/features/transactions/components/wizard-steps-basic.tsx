import { useFormContext, useWatch } from 'react-hook-form';
import { TRANSACTION_CURRENCIES } from '@escrow/shared/domain/nigeria';
import { SHIPPING_TYPE_LABELS } from '@escrow/shared/domain/transaction-machine';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { amountValue, numberValue } from '../../../lib/form-values';
import { usesCourier, type CreateFormValues } from '../lib/create-form';
import { Select, Textarea } from './form-controls';
import { ChoiceGroup } from './wizard-choice-group';
import { FeePayerChoice, FeeSummary } from './wizard-fee-payer';
import { MilestonesPart } from './wizard-milestones';

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

/**
 * The courier Yes/No, plus 'Meet and inspect' (docs/handover.md): no shipment, the
 * buyer releases the money with a code at the meeting. The choice sets `shippingType` and `useCourier`.
 */
export function CourierStep() {
  return (
    <ChoiceGroup
      name="shippingType"
      legend="Will the item be delivered by a courier?"
      columns={3}
      choices={[
        { value: 'COURIER', key: 'yes', title: 'Yes', description: 'I need shipping services' },
        { value: 'SELLER_DELIVERY', key: 'no', title: 'No', description: 'Local pickup or delivery' },
        {
          value: 'IN_PERSON',
          key: 'in-person',
          title: SHIPPING_TYPE_LABELS.IN_PERSON,
          description: 'Meet, check the item, then release the money with a code',
        },
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
  const shippingType = useWatch<CreateFormValues, 'shippingType'>({ name: 'shippingType' });
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
      {usesCourier(shippingType) ? (
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
      <FeePayerChoice />
      <FeeSummary />
      <MilestonesPart />
    </div>
  );
}
