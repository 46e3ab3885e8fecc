import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { COURIERS, SHIPMENT_ITEM_CONDITIONS } from '@escrow/shared/domain/nigeria';
import {
  shipmentDataSchemaFor,
  type ShipmentDataInput,
  type Transaction,
} from '@escrow/shared/schemas/transactions';
import { TRANSACTION_SUCCESS } from '@escrow/shared/texts/transactions';
import { Button } from '../../../../components/ui/button';
import { DateInput } from '../../../../components/ui/date-input';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, fieldErrorProps, Input } from '../../../../components/ui/input';
import { DATE_FORMAT_HINT, dateValue, deviceClock } from '../../../../lib/dates';
import { useConfirmShipment } from '../../api/lifecycle';
import { failureText } from '../../../../lib/money-mutation';
import { Select, Textarea } from '../form-controls';
import { PhotoUploader } from './photo-uploader';

export const SHIPMENT_FAILED = 'Failed to confirm shipment';

const CONDITION_LABELS: Record<(typeof SHIPMENT_ITEM_CONDITIONS)[number], string> = {
  EXCELLENT: 'Excellent',
  GOOD: 'Good',
  FAIR: 'Fair',
  POOR: 'Poor',
};

type Props = { transaction: Transaction; open: boolean; onOpenChange: (open: boolean) => void };

/** Confirm Shipment: photos, tracking, courier, delivery date. */
export function ShipmentDialog({ transaction, open, onOpenChange }: Props) {
  const confirm = useConfirmShipment(transaction.id);
  const [uploading, setUploading] = useState(false);
  const schema = useMemo(
    () => shipmentDataSchemaFor(deviceClock, transaction.useCourier),
    [transaction.useCourier],
  );
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<ShipmentDataInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      photos: [],
      trackingNumber: '',
      courierService: undefined,
      estimatedDelivery: '',
      itemCondition: 'EXCELLENT',
      packagingDetails: '',
      additionalNotes: '',
    },
  });
  const required = transaction.useCourier ? ' *' : ' (optional)';

  const onValid = handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync({ ...values, courierService: values.courierService || undefined });
      toast.success(TRANSACTION_SUCCESS.shipmentConfirmed);
      onOpenChange(false);
    } catch (error) {
      toast.error(failureText(error, SHIPMENT_FAILED));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm Shipment"
      description="Show the buyer what you sent. Photos and tracking details protect you if there is a dispute."
    >
      <form onSubmit={onValid} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <PhotoUploader
            transactionId={transaction.id}
            error={errors.photos?.message}
            onChange={(ids, busy) => {
              setUploading(busy);
              setValue('photos', ids, { shouldValidate: isSubmitted });
            }}
          />
        </div>
        <Field id="sh-tracking" label={`Tracking number${required}`} error={errors.trackingNumber?.message}>
          <Input
            id="sh-tracking"
            {...fieldErrorProps('sh-tracking', errors.trackingNumber?.message)}
            {...register('trackingNumber')}
          />
        </Field>
        <Field id="sh-courier" label={`Courier service${required}`} error={errors.courierService?.message}>
          <Select
            id="sh-courier"
            placeholder="Select courier"
            options={COURIERS}
            {...fieldErrorProps('sh-courier', errors.courierService?.message)}
            {...register('courierService', { setValueAs: (value: string) => value || undefined })}
          />
        </Field>
        <Field
          id="sh-eta"
          label={`Estimated delivery date * (${DATE_FORMAT_HINT})`}
          error={errors.estimatedDelivery?.message}
        >
          <DateInput
            id="sh-eta"
            aria-required
            {...fieldErrorProps('sh-eta', errors.estimatedDelivery?.message)}
            {...register('estimatedDelivery', { setValueAs: dateValue })}
          />
        </Field>
        <Field id="sh-condition" label="Item condition">
          <Select
            id="sh-condition"
            options={SHIPMENT_ITEM_CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }))}
            {...register('itemCondition')}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="sh-packaging" label="Packaging details">
            <Textarea id="sh-packaging" rows={2} {...register('packagingDetails')} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="sh-notes" label="Additional notes">
            <Textarea id="sh-notes" rows={2} {...register('additionalNotes')} />
          </Field>
        </div>
        <div className="flex justify-end gap-2 pt-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={uploading || confirm.isPending}>
            {uploading ? 'Uploading photos...' : confirm.isPending ? 'Confirming...' : 'Confirm Shipment'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
