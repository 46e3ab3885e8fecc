import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { t } from '../../../../lib/i18n';
import { useUploadImage } from '../../hooks/use-upload-image';

export type ShipmentPhotoDialogProps = {
  photos: string[];
  /** The photo shown: its index in `photos`. */
  index: number;
  onClose: () => void;
};

/** One shipment photo, fetched with the party's token, in a dialog. */
export function ShipmentPhotoDialog({ photos, index, onClose }: ShipmentPhotoDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('Shipment photo {number} of {total}', { number: index + 1, total: photos.length })}
      footer={<Button onClick={onClose}>{t('Close')}</Button>}
    >
      <PhotoView uploadId={photos[index] ?? null} />
    </Dialog>
  );
}

function PhotoView({ uploadId }: { uploadId: string | null }) {
  const { url, error } = useUploadImage(uploadId);
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('This photo could not be loaded.')}
      </p>
    );
  if (!url) return <Spinner label={t('Loading photo...')} />;
  return (
    <img
      src={url}
      alt={t('Item as shipped by the seller')}
      className="max-h-[60vh] w-full rounded-lg object-contain"
    />
  );
}
