import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DELIVERY_COUNTRY, NIGERIAN_STATES } from '@escrow/shared/domain/nigeria';
import {
  deliveryDetailsSchema,
  TRANSACTION_SUCCESS,
  TRANSACTION_TEXT,
  type Transaction,
} from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, fieldErrorProps, Input } from '../../../../components/ui/input';
import { useSaveDeliveryDetails } from '../../api/lifecycle';
import { failureText } from '../../api/wallet-link';
import { Select, Textarea } from '../form-controls';

export const DELIVERY_SAVE_FAILED = 'Failed to save delivery details';

type FormInput = z.input<typeof deliveryDetailsSchema>;

type Props = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

/** Provide Delivery Details (spec 01 §5): the buyer's address in Nigeria; the server checks the same rules. */
export function DeliveryDetailsDialog({ transaction, open, onOpenChange }: Props) {
  const save = useSaveDeliveryDetails(transaction.id);
  const existing = transaction.deliveryDetails;
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<FormInput>({
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

  // Spec: an error clears as soon as its field is edited.
  const field = (name: Path<FormInput>) => {
    const registered = register(name);
    return {
      ...registered,
      onChange: (event: { target: unknown; type?: unknown }) => {
        clearErrors(name);
        return registered.onChange(event);
      },
    };
  };

  const onValid = handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync(deliveryDetailsSchema.parse(values));
        toast.success(TRANSACTION_SUCCESS.deliverySaved);
        onOpenChange(false);
      } catch (error) {
        toast.error(failureText(error, DELIVERY_SAVE_FAILED));
      }
    },
    () => toast.error(TRANSACTION_TEXT.deliveryFailed),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Provide Delivery Details"
      description="Where should the seller send the item? Delivery addresses are in Nigeria."
    >
      <form onSubmit={onValid} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id="dd-fullName" label="Full name *" error={errors.fullName?.message}>
            <Input
              id="dd-fullName"
              autoComplete="name"
              {...fieldErrorProps('dd-fullName', errors.fullName?.message)}
              {...field('fullName')}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="dd-phoneNumber" label="Phone number *" error={errors.phoneNumber?.message}>
            <Input
              id="dd-phoneNumber"
              type="tel"
              autoComplete="tel"
              placeholder="0803 123 4567"
              {...fieldErrorProps('dd-phoneNumber', errors.phoneNumber?.message)}
              {...field('phoneNumber')}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="dd-address" label="Address *" error={errors.address?.message}>
            <Input
              id="dd-address"
              autoComplete="street-address"
              {...fieldErrorProps('dd-address', errors.address?.message)}
              {...field('address')}
            />
          </Field>
        </div>
        <Field id="dd-city" label="City *" error={errors.city?.message}>
          <Input
            id="dd-city"
            autoComplete="address-level2"
            {...fieldErrorProps('dd-city', errors.city?.message)}
            {...field('city')}
          />
        </Field>
        <Field id="dd-state" label="State *" error={errors.state?.message}>
          <Select
            id="dd-state"
            placeholder="Select state"
            options={NIGERIAN_STATES}
            {...fieldErrorProps('dd-state', errors.state?.message)}
            {...field('state')}
          />
        </Field>
        <Field id="dd-zipCode" label="ZIP code *" error={errors.zipCode?.message}>
          <Input
            id="dd-zipCode"
            autoComplete="postal-code"
            {...fieldErrorProps('dd-zipCode', errors.zipCode?.message)}
            {...field('zipCode')}
          />
        </Field>
        <Field id="dd-country" label="Country">
          <Input
            id="dd-country"
            value={DELIVERY_COUNTRY}
            readOnly
            aria-readonly="true"
            className="bg-slate-50"
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="dd-specialInstructions" label="Special instructions (optional)">
            <Textarea id="dd-specialInstructions" {...field('specialInstructions')} />
          </Field>
        </div>
        <div className="flex justify-end gap-2 pt-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Delivery Details'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
