import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import { MILESTONE_FILES_MAX, MILESTONE_NOTE_MAX } from '@escrow/shared/domain/milestones';
import { COURIERS } from '@escrow/shared/domain/nigeria';
import type { MilestoneView } from '@escrow/shared/schemas/milestone-shapes';
import type {
  DeliverMilestoneBody,
  ShipmentDataInput,
  Transaction,
} from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { DateInput } from '../../../../components/ui/date-input';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, fieldErrorProps, Input } from '../../../../components/ui/input';
import { DATE_FORMAT_HINT, dateValue } from '../../../../lib/dates';
import { showServerFieldErrors } from '../../../../lib/form-values';
import { t } from '../../../../lib/i18n';
import { failureText } from '../../../../lib/money-mutation';
import { useDeliverMilestone } from '../../api/milestones';
import { uploadMilestoneFile } from '../../api/uploads';
import {
  deliverFormFieldOf,
  deliverResolver,
  milestoneFileProblem,
  MILESTONE_FILE_ACCEPT,
  type DeliverForm,
} from '../../lib/deliver-milestone-form';
import { Select, Textarea } from '../form-controls';
import { FileUploader } from './file-uploader';
import { PhotoUploader } from './photo-uploader';

export const DELIVER_FAILED = msg('Failed to mark the milestone as delivered');
export const DELIVERED_TEXT = msg('Milestone marked as delivered');

type Props = {
  transaction: Transaction;
  milestone: MilestoneView;
  onOpenChange: (open: boolean) => void;
};

/**
 * Mark delivered (the seller, a milestone in progress): a note alone is enough; files of the work
 * (images or documents); for a courier trade, optionally the shipment with photos and tracking.
 */
export function DeliverMilestoneDialog({ transaction, milestone, onOpenChange }: Props) {
  const deliver = useDeliverMilestone(transaction.id);
  const [uploading, setUploading] = useState({ files: false, photos: false });
  const resolver = useMemo(() => deliverResolver(transaction.useCourier), [transaction.useCourier]);
  const form = useForm<DeliverForm, unknown, DeliverMilestoneBody>({
    resolver,
    defaultValues: {
      note: '',
      files: [],
      shipped: false,
      shipment: {
        photos: [],
        trackingNumber: '',
        courierService: undefined,
        estimatedDelivery: '',
        itemCondition: 'EXCELLENT',
      },
    },
  });
  const {
    register,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitted },
  } = form;
  const shipped = useWatch({ control: form.control, name: 'shipped' });
  const busy = uploading.files || uploading.photos;

  const submit = handleSubmit(async (body) => {
    try {
      await deliver.mutateAsync({ milestoneId: milestone.id, body });
      toast.success(t(DELIVERED_TEXT));
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, setError, deliverFormFieldOf);
      toast.error(failureText(error, t(DELIVER_FAILED)));
    }
  });

  const noteError = errors.note?.message;
  const shipmentError = (field: keyof ShipmentDataInput) => errors.shipment?.[field]?.message;
  const shown = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('Mark delivered')}
      description={t(
        'Tell the buyer what you delivered for “{title}”. Once they accept it, its payment is released to you.',
        { title: milestone.title },
      )}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="md-note" label={t('Delivery note')} error={shown(noteError)}>
          <Textarea
            id="md-note"
            maxLength={MILESTONE_NOTE_MAX}
            placeholder={t('What was done, and where to find it')}
            {...fieldErrorProps('md-note', noteError)}
            {...register('note')}
          />
        </Field>
        <FileUploader
          id="milestone-files"
          label={
            <>
              {t('Files (optional)')}{' '}
              <span className="font-normal text-slate-500">
                {t('(up to {max}: images, pdf, doc, docx, txt, zip, rar; 10MB each)', {
                  max: MILESTONE_FILES_MAX,
                })}
              </span>
            </>
          }
          accept={MILESTONE_FILE_ACCEPT}
          max={MILESTONE_FILES_MAX}
          tooMany={t('You can attach at most {max} files', { max: MILESTONE_FILES_MAX })}
          problem={milestoneFileProblem}
          upload={(file, onProgress, signal) => uploadMilestoneFile(file, transaction.id, onProgress, signal)}
          buttonText={(kept) =>
            kept === 0
              ? t('Choose files')
              : t('Add files ({kept} of {max})', { kept, max: MILESTONE_FILES_MAX })
          }
          listLabel={t('Files')}
          error={shown(errors.files?.message)}
          onChange={(ids, pending) => {
            setUploading((current) => ({ ...current, files: pending }));
            setValue('files', ids, { shouldValidate: isSubmitted });
          }}
        />
        {transaction.useCourier ? (
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-700"
              {...register('shipped')}
            />
            {t('Sent by courier: add the shipment details')}
          </label>
        ) : null}
        {shipped ? (
          <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <PhotoUploader
                transactionId={transaction.id}
                error={shown(shipmentError('photos'))}
                onChange={(ids, pending) => {
                  setUploading((current) => ({ ...current, photos: pending }));
                  setValue('shipment.photos', ids, { shouldValidate: isSubmitted });
                }}
              />
            </div>
            <Field
              id="md-tracking"
              label={t('Tracking number *')}
              error={shown(shipmentError('trackingNumber'))}
            >
              <Input
                id="md-tracking"
                {...fieldErrorProps('md-tracking', shipmentError('trackingNumber'))}
                {...register('shipment.trackingNumber')}
              />
            </Field>
            <Field
              id="md-courier"
              label={t('Courier service *')}
              error={shown(shipmentError('courierService'))}
            >
              <Select
                id="md-courier"
                placeholder={t('Select courier')}
                options={COURIERS.map((courier) => ({
                  value: courier,
                  label: courier === 'Other' ? t('Other') : courier,
                }))}
                {...fieldErrorProps('md-courier', shipmentError('courierService'))}
                {...register('shipment.courierService', {
                  setValueAs: (value: string) => value || undefined,
                })}
              />
            </Field>
            <div className="sm:col-span-2">
              <Field
                id="md-eta"
                label={t('Estimated delivery date * ({format})', { format: DATE_FORMAT_HINT })}
                error={shown(shipmentError('estimatedDelivery'))}
              >
                <DateInput
                  id="md-eta"
                  aria-required
                  {...fieldErrorProps('md-eta', shipmentError('estimatedDelivery'))}
                  {...register('shipment.estimatedDelivery', { setValueAs: dateValue })}
                />
              </Field>
            </div>
          </div>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={busy || deliver.isPending}>
            {busy ? t('Uploading...') : deliver.isPending ? t('Sending...') : t('Mark delivered')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
