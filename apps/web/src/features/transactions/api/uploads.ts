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
