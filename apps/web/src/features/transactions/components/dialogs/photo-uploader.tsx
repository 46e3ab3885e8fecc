import { TRANSACTION_TEXT } from '@escrow/shared/texts/transactions';
import { UPLOAD_RULES } from '@escrow/shared/domain/uploads';
import { uploadShipmentPhoto } from '../../api/uploads';
import { FileUploader } from './file-uploader';

const RULE = UPLOAD_RULES.shipment_photo;
export const MAX_PHOTOS = 5;

/** The browser's first check; the server checks the content again (magic bytes), whatever the name says. */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return RULE.notAccepted(file.name);
  if (file.size > RULE.maxBytes) return RULE.tooLarge(file.name);
  return null;
}

type Props = {
  transactionId: string;
  onChange: (uploadIds: string[], uploading: boolean) => void;
  error?: string | undefined;
};

/** 1–5 shipment photos, each uploaded as soon as it is picked, with progress, a preview and removal. */
export function PhotoUploader({ transactionId, onChange, error }: Props) {
  return (
    <FileUploader
      id="shipment-photos"
      label={
        <>
          Photos of the item * <span className="font-normal text-slate-500">(1 to 5 images, 5MB each)</span>
        </>
      }
      accept="image/*"
      max={MAX_PHOTOS}
      tooMany={TRANSACTION_TEXT.photoMax}
      problem={photoProblem}
      upload={(file, onProgress, signal) => uploadShipmentPhoto(file, transactionId, onProgress, signal)}
      buttonText={(kept) =>
        kept === 0
          ? 'Choose photos'
          : kept >= MAX_PHOTOS
            ? `${kept} of ${MAX_PHOTOS} photos`
            : `Add photos (${kept} of ${MAX_PHOTOS})`
      }
      listLabel="Photos"
      onChange={onChange}
      error={error}
    />
  );
}
