import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
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

export const DELIVER_FAILED = 'Failed to mark the milestone as delivered';
export const DELIVERED_TEXT = 'Milestone marked as delivered';

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
      toast.success(DELIVERED_TEXT);
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, setError, deliverFormFieldOf);
      toast.error(failureText(error, DELIVER_FAILED));
    }
  });

  const noteError = errors.note?.message;
  const shipmentError = (field: keyof ShipmentDataInput) => errors.shipment?.[field]?.message;
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Mark delivered"
      description={`Tell the buyer what you delivered for “${milestone.title}”. Once they accept it, its payment is released to you.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="md-note" label="Delivery note" error={noteError}>
          <Textarea
            id="md-note"
            maxLength={MILESTONE_NOTE_MAX}
            placeholder="What was done, and where to find it"
            {...fieldErrorProps('md-note', noteError)}
            {...register('note')}
          />
        </Field>
        <FileUploader
          id="milestone-files"
          label={
            <>
              Files (optional){' '}
              <span className="font-normal text-slate-500">
                (up to {MILESTONE_FILES_MAX}: images, pdf, doc, docx, txt, zip, rar; 10MB each)
              </span>
            </>
          }
          accept={MILESTONE_FILE_ACCEPT}
          max={MILESTONE_FILES_MAX}
          tooMany={`You can attach at most ${MILESTONE_FILES_MAX} files`}
          problem={milestoneFileProblem}
          upload={(file, onProgress, signal) => uploadMilestoneFile(file, transaction.id, onProgress, signal)}
          buttonText={(kept) =>
            kept === 0 ? 'Choose files' : `Add files (${kept} of ${MILESTONE_FILES_MAX})`
          }
          listLabel="Files"
          error={errors.files?.message}
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
            Sent by courier: add the shipment details
          </label>
        ) : null}
        {shipped ? (
          <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <PhotoUploader
                transactionId={transaction.id}
                error={shipmentError('photos')}
                onChange={(ids, pending) => {
                  setUploading((current) => ({ ...current, photos: pending }));
                  setValue('shipment.photos', ids, { shouldValidate: isSubmitted });
                }}
              />
            </div>
            <Field id="md-tracking" label="Tracking number *" error={shipmentError('trackingNumber')}>
              <Input
                id="md-tracking"
                {...fieldErrorProps('md-tracking', shipmentError('trackingNumber'))}
                {...register('shipment.trackingNumber')}
              />
            </Field>
            <Field id="md-courier" label="Courier service *" error={shipmentError('courierService')}>
              <Select
                id="md-courier"
                placeholder="Select courier"
                options={COURIERS}
                {...fieldErrorProps('md-courier', shipmentError('courierService'))}
                {...register('shipment.courierService', {
                  setValueAs: (value: string) => value || undefined,
                })}
              />
            </Field>
            <div className="sm:col-span-2">
              <Field
                id="md-eta"
                label={`Estimated delivery date * (${DATE_FORMAT_HINT})`}
                error={shipmentError('estimatedDelivery')}
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
            Cancel
          </Button>
          <Button type="submit" disabled={busy || deliver.isPending}>
            {busy ? 'Uploading...' : deliver.isPending ? 'Sending...' : 'Mark delivered'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
