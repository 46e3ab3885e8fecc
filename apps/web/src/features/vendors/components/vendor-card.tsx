import { Link } from 'react-router';
import { toast } from 'sonner';
import type { VendorCard as Vendor } from '@escrow/shared/schemas/vendors';
import { VENDOR_TEXT } from '@escrow/shared/texts/vendors';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useToggleSaved } from '../api/vendors';
import { RatingText, TrustBadge, VendorFacts } from './vendor-figures';

/** Contact Vendor: the create wizard as buyer with this vendor invited. */
export const contactLink = (vendor: Pick<Vendor, 'userId' | 'name'>) =>
  `/app/create-transaction?${new URLSearchParams({ vendor: vendor.userId, vendorName: vendor.name })}`;

export function SaveVendorButton({
  vendor,
  own,
}: {
  vendor: Pick<Vendor, 'id' | 'name' | 'saved'>;
  own: boolean;
}) {
  const toggle = useToggleSaved();
  if (own) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={vendor.saved}
      aria-label={
        vendor.saved ? t('Unsave {name}', { name: vendor.name }) : t('Save {name}', { name: vendor.name })
      }
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { id: vendor.id, save: !vendor.saved },
          {
            onSuccess: () => toast.success(vendor.saved ? t(VENDOR_TEXT.unsaved) : t(VENDOR_TEXT.saved)),
            onError: (error) =>
              toast.error(error instanceof ApiError ? error.message : t('Could not save the vendor')),
          },
        )
      }
    >
      {vendor.saved ? t('Saved') : t('Save')}
    </Button>
  );
}

export function VendorCard({ vendor, viewerId }: { vendor: Vendor; viewerId: string | undefined }) {
  const own = vendor.userId === viewerId;
  return (
    <Card className="flex h-full flex-col gap-3" data-testid="vendor-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-slate-900">{vendor.name}</h2>
          <RatingText vendor={vendor} />
        </div>
        <TrustBadge level={vendor.trustLevel} />
      </div>
      <p className="line-clamp-3 break-words text-sm text-slate-700">{vendor.description}</p>
      <ul aria-label={t('Specialties')} className="flex flex-wrap gap-1.5">
        {vendor.specialties.map((s) => (
          <li key={s} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
            {t(s)}
          </li>
        ))}
      </ul>
      <VendorFacts vendor={vendor} />
      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <SaveVendorButton vendor={vendor} own={own} />
        <Link
          to={`/app/vendor/${vendor.id}`}
          aria-label={t('View Profile of {name}', { name: vendor.name })}
          className="inline-flex h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('View Profile')}
        </Link>
        {own ? null : (
          <Link
            to={contactLink(vendor)}
            aria-label={t('Contact Vendor {name}', { name: vendor.name })}
            className="inline-flex h-9 items-center rounded-lg bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800"
          >
            {t('Contact Vendor')}
          </Link>
        )}
      </div>
    </Card>
  );
}
