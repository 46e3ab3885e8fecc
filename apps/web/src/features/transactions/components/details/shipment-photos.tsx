import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { t } from '../../../../lib/i18n';
import { later, OpeningDialog, usePreloadLater } from './later-parts';
import type { ShipmentPhotoDialogProps } from './shipment-photo-dialog';

// The photo's dialog (Radix's dialog) comes once the page has shown its data, or at once when opened.
const ShipmentPhotoDialog = later<ShipmentPhotoDialogProps>(
  () => import('./shipment-photo-dialog').then((module) => module.ShipmentPhotoDialog),
  <OpeningDialog />,
);

/** The seller's shipment photos, each opened with View (fetched with the party's token). */
export function ShipmentPhotos({ photos }: { photos: string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  usePreloadLater([photos.length > 0 ? ShipmentPhotoDialog : null]);
  if (photos.length === 0) return null;
  return (
    <div>
      <p className="text-sm text-slate-600">{t('Photos')}</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {photos.map((id, index) => (
          <li key={id}>
            <Button variant="secondary" size="sm" onClick={() => setOpen(index)}>
              {t('View photo {number}', { number: index + 1 })}
            </Button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <ShipmentPhotoDialog photos={photos} index={open} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
