import { useFormContext, useWatch } from 'react-hook-form';
import { TRANSACTION_CURRENCIES } from '@escrow/shared/domain/nigeria';
import { SHIPPING_TYPE_LABELS } from '@escrow/shared/domain/transaction-machine';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { amountValue, numberValue } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { usesCourier, type CreateFormValues } from '../lib/create-form';
import { Select, Textarea } from './form-controls';
import { ChoiceGroup } from './wizard-choice-group';
import { FeePayerChoice, FeeSummary } from './wizard-fee-payer';
import { MilestonesPart } from './wizard-milestones';

export function RoleStep() {
  return (
    <ChoiceGroup
      name="creatorRole"
      legend={t('Are you buying or selling in this transaction?')}
      choices={[
        { value: 'BUYER', key: 'BUYER', title: t('Buyer'), description: t('I want to purchase something') },
        { value: 'SELLER', key: 'SELLER', title: t('Seller'), description: t('I want to sell something') },
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
      legend={t('Will the item be delivered by a courier?')}
      columns={3}
      choices={[
        { value: 'COURIER', key: 'yes', title: t('Yes'), description: t('I need shipping services') },
        { value: 'SELLER_DELIVERY', key: 'no', title: t('No'), description: t('Local pickup or delivery') },
        {
          value: 'IN_PERSON',
          key: 'in-person',
          title: t(SHIPPING_TYPE_LABELS.IN_PERSON),
          description: t('Meet, check the item, then release the money with a code'),
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
  // The messages are the shared schema's English ids (or the server's words, already translated).
  const shown = (message: string | undefined) => (message ? t(message) : undefined);
  const descriptionError = shown(errors.description?.message);
  const priceError = shown(errors.price?.message);
  const daysError = shown(errors.estimatedDeliveryDays?.message);
  return (
    <div className="space-y-4">
      <Field id="tx-description" label={t('Description')} error={descriptionError}>
        <Textarea
          id="tx-description"
          maxLength={2000}
          placeholder={t('What is being bought or sold?')}
          {...fieldErrorProps('tx-description', descriptionError)}
          {...register('description')}
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="tx-currency" label={t('Currency')}>
          <Select id="tx-currency" options={CURRENCY_OPTIONS} {...register('currency')} />
        </Field>
        <Field id="tx-price" label={t('Price')} error={priceError}>
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
        <Field id="tx-delivery-days" label={t('Estimated delivery days')} error={daysError}>
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
