import { TRANSACTION_TEXT } from '@escrow/shared/texts/transactions';
import { UPLOAD_RULES } from '@escrow/shared/domain/uploads';
import { t } from '../../../../lib/i18n';
import { uploadShipmentPhoto } from '../../api/uploads';
import { FileUploader } from './file-uploader';

const RULE = UPLOAD_RULES.shipment_photo;
export const MAX_PHOTOS = 5;

/**
 * The browser's first check; the server checks the content again (magic bytes), whatever the name says.
 * Called when files are picked: the text is in the screen's language.
 */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return t(RULE.notAcceptedMessage, { file: file.name });
  if (file.size > RULE.maxBytes) return t(RULE.tooLargeMessage, { file: file.name });
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
          {t('Photos of the item *')}{' '}
          <span className="font-normal text-slate-500">{t('(1 to 5 images, 5MB each)')}</span>
        </>
      }
      accept="image/*"
      max={MAX_PHOTOS}
      tooMany={t(TRANSACTION_TEXT.photoMax)}
      problem={photoProblem}
      upload={(file, onProgress, signal) => uploadShipmentPhoto(file, transactionId, onProgress, signal)}
      buttonText={(kept) =>
        kept === 0
          ? t('Choose photos')
          : kept >= MAX_PHOTOS
            ? t('{kept} of {max} photos', { kept, max: MAX_PHOTOS })
            : t('Add photos ({kept} of {max})', { kept, max: MAX_PHOTOS })
      }
      listLabel={t('Photos')}
      onChange={onChange}
      error={error}
    />
  );
}
