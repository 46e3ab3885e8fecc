import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useFormContext, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { DELIVERY_COUNTRY, NIGERIAN_STATES } from '@escrow/shared/domain/nigeria';
import {
  deliveryDetailsSchema,
  type DeliveryDetails,
  type Transaction,
} from '@escrow/shared/schemas/transactions';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { msg } from '@escrow/shared/i18n/msg';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { Select, Textarea } from './form-controls';

/**
 * The one way delivery details are entered (the Provide Delivery Details dialog and the shipping
 * wizard): react-hook-form over the shared `deliveryDetailsSchema`, so both show the server's messages
 * on the same fields.
 */
export type DeliveryDetailsInput = z.input<typeof deliveryDetailsSchema>;
export type DeliveryField = Path<DeliveryDetailsInput>;

export const ALL_DELIVERY_FIELDS: readonly DeliveryField[] = [
  'fullName',
  'phoneNumber',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
  'specialInstructions',
];

export function useDeliveryDetailsForm(existing: Transaction['deliveryDetails'] | undefined) {
  return useForm<DeliveryDetailsInput, unknown, DeliveryDetails>({
    resolver: zodResolver(deliveryDetailsSchema),
    defaultValues: {
      fullName: existing?.fullName ?? '',
      phoneNumber: existing?.phoneNumber ?? '',
      address: existing?.address ?? '',
      city: existing?.city ?? '',
      state: existing?.state,
      zipCode: existing?.zipCode ?? '',
      country: DELIVERY_COUNTRY,
      specialInstructions: existing?.specialInstructions ?? '',
    },
  });
}

const TEXT_FIELDS = {
  fullName: { label: msg('Full name *'), autoComplete: 'name', wide: true },
  phoneNumber: {
    label: msg('Phone number *'),
    autoComplete: 'tel',
    wide: true,
    type: 'tel',
    placeholder: '0803 123 4567',
  },
  address: { label: msg('Address *'), autoComplete: 'street-address', wide: true },
  city: { label: msg('City *'), autoComplete: 'address-level2' },
  zipCode: { label: msg('ZIP code *'), autoComplete: 'postal-code' },
} as const;

/** The chosen delivery fields (all by default), laid out in two columns, each with its message. */
export function DeliveryDetailsFields({
  idPrefix,
  fields = ALL_DELIVERY_FIELDS,
}: {
  idPrefix: string;
  fields?: readonly DeliveryField[];
}) {
  const {
    register,
    clearErrors,
    formState: { errors },
  } = useFormContext<DeliveryDetailsInput>();
  // An error clears as soon as its field is edited.
  const field = (name: DeliveryField) => {
    const registered = register(name);
    return {
      ...registered,
      onChange: (event: { target: unknown; type?: unknown }) => {
        clearErrors(name);
        return registered.onChange(event);
      },
    };
  };
  const id = (name: DeliveryField) => `${idPrefix}-${name}`;
  // The shared schema's English id (or the server's words, already translated), in the reader's language.
  const error = (name: DeliveryField) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {fields.map((name) => {
        if (name === 'state')
          return (
            <Field key={name} id={id(name)} label={t('State *')} error={error(name)}>
              <Select
                id={id(name)}
                placeholder={t('Select state')}
                options={NIGERIAN_STATES}
                {...fieldErrorProps(id(name), error(name))}
                {...field(name)}
              />
            </Field>
          );
        if (name === 'country')
          return (
            <Field key={name} id={id(name)} label={t('Country')}>
              <Input
                id={id(name)}
                value={DELIVERY_COUNTRY}
                readOnly
                aria-readonly="true"
                className="bg-slate-50"
              />
            </Field>
          );
        if (name === 'specialInstructions')
          return (
            <div key={name} className="sm:col-span-2">
              <Field id={id(name)} label={t('Special instructions (optional)')}>
                <Textarea id={id(name)} {...field(name)} />
              </Field>
            </div>
          );
        const spec = TEXT_FIELDS[name];
        return (
          <div key={name} className={cn('wide' in spec && spec.wide && 'sm:col-span-2')}>
            <Field id={id(name)} label={t(spec.label)} error={error(name)}>
              <Input
                id={id(name)}
                autoComplete={spec.autoComplete}
                type={'type' in spec ? spec.type : undefined}
                placeholder={'placeholder' in spec ? spec.placeholder : undefined}
                {...fieldErrorProps(id(name), error(name))}
                {...field(name)}
              />
            </Field>
          </div>
        );
      })}
    </div>
  );
}
