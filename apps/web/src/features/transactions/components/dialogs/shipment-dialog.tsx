import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
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
import { t } from '../../../../lib/i18n';
import { useConfirmShipment } from '../../api/lifecycle';
import { failureText } from '../../../../lib/money-mutation';
import { Select, Textarea } from '../form-controls';
import { PhotoUploader } from './photo-uploader';

export const SHIPMENT_FAILED = msg('Failed to confirm shipment');

const CONDITION_LABELS: Record<(typeof SHIPMENT_ITEM_CONDITIONS)[number], string> = {
  EXCELLENT: msg('Excellent'),
  GOOD: msg('Good'),
  FAIR: msg('Fair'),
  POOR: msg('Poor'),
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
  const required = transaction.useCourier;
  const shown = (message: string | undefined) => (message ? t(message) : undefined);

  const onValid = handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync({ ...values, courierService: values.courierService || undefined });
      toast.success(t(TRANSACTION_SUCCESS.shipmentConfirmed));
      onOpenChange(false);
    } catch (error) {
      toast.error(failureText(error, t(SHIPMENT_FAILED)));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Confirm Shipment')}
      description={t(
        'Show the buyer what you sent. Photos and tracking details protect you if there is a dispute.',
      )}
    >
      <form onSubmit={onValid} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <PhotoUploader
            transactionId={transaction.id}
            error={shown(errors.photos?.message)}
            onChange={(ids, busy) => {
              setUploading(busy);
              setValue('photos', ids, { shouldValidate: isSubmitted });
            }}
          />
        </div>
        <Field
          id="sh-tracking"
          label={required ? t('Tracking number *') : t('Tracking number (optional)')}
          error={shown(errors.trackingNumber?.message)}
        >
          <Input
            id="sh-tracking"
            {...fieldErrorProps('sh-tracking', errors.trackingNumber?.message)}
            {...register('trackingNumber')}
          />
        </Field>
        <Field
          id="sh-courier"
          label={required ? t('Courier service *') : t('Courier service (optional)')}
          error={shown(errors.courierService?.message)}
        >
          <Select
            id="sh-courier"
            placeholder={t('Select courier')}
            options={COURIERS.map((courier) => ({
              value: courier,
              label: courier === 'Other' ? t('Other') : courier,
            }))}
            {...fieldErrorProps('sh-courier', errors.courierService?.message)}
            {...register('courierService', { setValueAs: (value: string) => value || undefined })}
          />
        </Field>
        <Field
          id="sh-eta"
          label={t('Estimated delivery date * ({format})', { format: DATE_FORMAT_HINT })}
          error={shown(errors.estimatedDelivery?.message)}
        >
          <DateInput
            id="sh-eta"
            aria-required
            {...fieldErrorProps('sh-eta', errors.estimatedDelivery?.message)}
            {...register('estimatedDelivery', { setValueAs: dateValue })}
          />
        </Field>
        <Field id="sh-condition" label={t('Item condition')}>
          <Select
            id="sh-condition"
            options={SHIPMENT_ITEM_CONDITIONS.map((value) => ({ value, label: t(CONDITION_LABELS[value]) }))}
            {...register('itemCondition')}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="sh-packaging" label={t('Packaging details')}>
            <Textarea id="sh-packaging" rows={2} {...register('packagingDetails')} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="sh-notes" label={t('Additional notes')}>
            <Textarea id="sh-notes" rows={2} {...register('additionalNotes')} />
          </Field>
        </div>
        <div className="flex justify-end gap-2 pt-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={uploading || confirm.isPending}>
            {uploading
              ? t('Uploading photos...')
              : confirm.isPending
                ? t('Confirming...')
                : t('Confirm Shipment')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
