import type { Upload } from '@escrow/shared/schemas/uploads';
import { uploadFile } from '../../../lib/uploads';

/** A shipment photo for the transaction, with upload progress. */
export function uploadShipmentPhoto(
  file: File,
  transactionId: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return uploadFile(file, { purpose: 'shipment_photo', transactionId }, onProgress, signal);
}

/** A file of a milestone's delivery (images or documents), readable by the buyer once a delivery carries it. */
export function uploadMilestoneFile(
  file: File,
  transactionId: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return uploadFile(file, { purpose: 'milestone_file', transactionId }, onProgress, signal);
}
