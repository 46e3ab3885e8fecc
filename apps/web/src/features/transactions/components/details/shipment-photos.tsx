import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { useUploadImage } from '../../hooks/use-upload-image';

/** The seller's shipment photos, each opened with View (fetched with the party's token). */
export function ShipmentPhotos({ photos }: { photos: string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <div>
      <p className="text-sm text-slate-600">Photos</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {photos.map((id, index) => (
          <li key={id}>
            <Button variant="secondary" size="sm" onClick={() => setOpen(index)}>
              View photo {index + 1}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open !== null ? `Shipment photo ${open + 1} of ${photos.length}` : 'Shipment photo'}
        footer={<Button onClick={() => setOpen(null)}>Close</Button>}
      >
        {open !== null ? <PhotoView uploadId={photos[open] ?? null} /> : null}
      </Dialog>
    </div>
  );
}

function PhotoView({ uploadId }: { uploadId: string | null }) {
  const { url, error } = useUploadImage(uploadId);
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        This photo could not be loaded.
      </p>
    );
  if (!url) return <Spinner label="Loading photo..." />;
  return (
    <img
      src={url}
      alt="Item as shipped by the seller"
      className="max-h-[60vh] w-full rounded-lg object-contain"
    />
  );
}
