import type { TrustLevel, VendorCard } from '@escrow/shared/schemas/vendors';
import { msg } from '@escrow/shared/i18n/msg';
import StarIcon from 'lucide-react/icons/star';
import { formatMonthYear, formatRating } from '../../../lib/format';
import { t } from '../../../lib/i18n';

/** The trust levels' names (the API's values are English words): shown with `t(TRUST_LEVEL_LABELS[level])`. */
export const TRUST_LEVEL_LABELS: Record<TrustLevel, string> = {
  Verified: msg('Verified'),
  Premium: msg('Premium'),
};

/** '3 min', '2 h', '1 day': the median first-reply time. */
export function responseTimeText(minutes: number | null) {
  if (minutes === null) return t('No replies yet');
  if (minutes < 60) return t('{minutes} min', { minutes: String(minutes) });
  if (minutes < 48 * 60) return t('{hours} h', { hours: String(Math.round(minutes / 60)) });
  return t('{days} days', { days: String(Math.round(minutes / 1440)) });
}

export function RatingText({ vendor }: { vendor: Pick<VendorCard, 'rating' | 'reviewCount'> }) {
  if (vendor.rating === null) return <span className="text-slate-600">{t('No ratings yet')}</span>;
  return (
    <span className="inline-flex items-center gap-1 text-slate-800">
      <StarIcon className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span>
        {vendor.reviewCount === 1
          ? t('{rating} ({count} review)', {
              rating: formatRating(vendor.rating),
              count: String(vendor.reviewCount),
            })
          : t('{rating} ({count} reviews)', {
              rating: formatRating(vendor.rating),
              count: String(vendor.reviewCount),
            })}
      </span>
    </span>
  );
}

export function TrustBadge({ level }: { level: VendorCard['trustLevel'] }) {
  if (!level) return null;
  return (
    <span
      className={
        level === 'Premium'
          ? 'rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900'
          : 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900'
      }
    >
      {t(TRUST_LEVEL_LABELS[level])}
    </span>
  );
}

/** Completed orders, response time, location and member since, as a definition list. */
export function VendorFacts({ vendor }: { vendor: VendorCard }) {
  const facts = [
    [t('Completed orders'), String(vendor.completedOrders)],
    [t('Response time'), responseTimeText(vendor.responseTimeMinutes)],
    [t('Location'), vendor.location],
    [t('Member since'), formatMonthYear(vendor.memberSince)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-slate-600">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
