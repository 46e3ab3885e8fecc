import { Link } from 'react-router';
import type { VendorProfileAnswer } from '@escrow/shared/schemas/vendors';
import { msg } from '@escrow/shared/i18n/msg';
import { Card, CardTitle } from '../../../components/ui/card';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { useVendor } from '../api/vendors';
import { contactLink, SaveVendorButton } from './vendor-card';
import { RatingText, TrustBadge, VendorFacts } from './vendor-figures';

const CHECKLIST: [keyof VendorProfileAnswer['checklist'], string][] = [
  ['businessLicense', msg('Business license')],
  ['backgroundCheck', msg('Background check')],
  ['reviewValidation', msg('Review validation')],
  ['escrowAgreementSigned', msg('Escrow agreement signed')],
];

/** /app/vendor/{id}: the vendor's card, contact details, recent reviews and verification checklist. */
export function VendorPage({ id }: { id: string }) {
  const { user } = useAuth();
  const vendor = useVendor(id);
  if (vendor.isPending) return <LoadingPanel label={t('Loading vendor')} />;
  if (vendor.error) return <ErrorPanel error={vendor.error} onRetry={() => void vendor.refetch()} />;
  const { vendor: v, reviews, checklist } = vendor.data;
  const own = v.userId === user?.id;
  return (
    <div className="space-y-4">
      <Link
        to="/app/vendor"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeftIcon className="h-4 w-4" /> {t('Vendor Directory')}
      </Link>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h1 className="break-words text-2xl font-bold text-slate-900">{v.name}</h1>
            <RatingText vendor={v} />
          </div>
          <TrustBadge level={v.trustLevel} />
        </div>
        <p className="whitespace-pre-line break-words text-slate-700">{v.description}</p>
        <p className="text-sm text-slate-700">
          {t('Specialties: {list}', { list: v.specialties.map((s) => t(s)).join(', ') })}
        </p>
        <VendorFacts vendor={v} />
        <p className="text-sm text-slate-700">
          {t('Phone:')} <span className="font-medium">{v.phone}</span> · {t('E-mail:')}{' '}
          <span className="font-medium">{v.email}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <SaveVendorButton vendor={v} own={own} />
          {own ? (
            <Link
              to="/app/vendor/profile"
              className="inline-flex h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {t('Edit Profile')}
            </Link>
          ) : (
            <Link
              to={contactLink(v)}
              className="inline-flex h-9 items-center rounded-lg bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800"
            >
              {t('Contact Vendor')}
            </Link>
          )}
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="space-y-3 lg:col-span-2">
          <CardTitle>{t('Recent Reviews')}</CardTitle>
          {reviews.length === 0 ? (
            <p className="text-sm text-slate-600">{t('No reviews yet.')}</p>
          ) : (
            <ul className="space-y-3">
              {reviews.map((r) => (
                <li key={r.id} className="rounded-lg border border-slate-200 p-3">
                  <p className="text-sm font-medium text-slate-900">
                    {'★'.repeat(r.rating)}
                    <span className="sr-only">{t('{rating} out of 5', { rating: String(r.rating) })}</span>
                    <span className="ml-2 text-slate-700">{r.buyerName}</span>
                    {r.refunded ? (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">
                        {t('refunded')}
                      </span>
                    ) : null}
                  </p>
                  {r.review ? (
                    <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{r.review}</p>
                  ) : null}
                  {r.reply ? (
                    <p className="mt-2 border-l-2 border-brand-200 pl-2 text-sm text-slate-700">
                      <span className="font-medium">{t('Seller reply:')}</span> {r.reply}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="space-y-3">
          <CardTitle>{t('Vendor Verification')}</CardTitle>
          <ul className="space-y-2 text-sm">
            {CHECKLIST.map(([key, label]) => (
              <li key={key} className="flex items-center justify-between gap-2">
                <span>{t(label)}</span>
                <span className={checklist[key] ? 'font-semibold text-emerald-800' : 'text-slate-600'}>
                  {checklist[key] ? t('Yes') : t('Not yet')}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
