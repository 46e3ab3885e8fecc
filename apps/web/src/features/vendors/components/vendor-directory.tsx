import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { serverFieldIssues } from '../../../lib/form-values';
import { useSavedVendors, useVendors, type VendorFilters } from '../api/vendors';
import { VendorCard } from './vendor-card';
import { VendorSearchForm, type VendorSearch } from './vendor-search-form';

const FIRST: VendorFilters = { q: '', sort: 'rating', page: 1 };

const SEARCH_KEYS = ['q', 'state', 'specialty', 'trustLevel', 'sort'] as const;
const sameSearch = (a: VendorSearch, b: VendorSearch) =>
  SEARCH_KEYS.every((key) => (a[key] || undefined) === (b[key] || undefined));

/** /app/vendor: published vendors with real figures; search, filters, sort, pages, saved vendors. */
export function VendorDirectory() {
  const { user } = useAuth();
  const [filters, setFilters] = useState<VendorFilters>(FIRST);
  const [showSaved, setShowSaved] = useState(false);
  const vendors = useVendors(filters);
  const saved = useSavedVendors(showSaved);
  // A new search or filter starts again at page 1; the same one keeps the page.
  const search = (next: VendorSearch) =>
    setFilters((current) => (sameSearch(next, current) ? current : { ...next, page: 1 }));

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('Vendor Directory')}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('Sellers with figures from their trades on Amana. Pay through escrow whoever you choose.')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-pressed={showSaved} onClick={() => setShowSaved((v) => !v)}>
            {showSaved ? t('All Vendors') : t('Saved Vendors')}
          </Button>
          <Link
            to="/app/vendor/profile"
            className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
          >
            {t('My Vendor Profile')}
          </Link>
        </div>
      </header>

      {showSaved ? (
        <section aria-label={t('Saved vendors')} className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">{t('Saved Vendors')}</h2>
          {saved.isPending ? (
            <LoadingPanel label={t('Loading saved vendors')} />
          ) : saved.error ? (
            <ErrorPanel error={saved.error} onRetry={() => void saved.refetch()} />
          ) : saved.data.length === 0 ? (
            <EmptyPanel>{t('You have not saved any vendors yet.')}</EmptyPanel>
          ) : (
            <Grid>
              {saved.data.map((v) => (
                <VendorCard key={v.id} vendor={v} viewerId={user?.id} />
              ))}
            </Grid>
          )}
        </section>
      ) : (
        <>
          <VendorSearchForm initial={filters} onSearch={search} listError={vendors.error} />
          {vendors.isPending ? (
            <LoadingPanel label={t('Loading vendors')} />
          ) : vendors.error && serverFieldIssues(vendors.error).length ? null : vendors.error ? (
            <ErrorPanel error={vendors.error} onRetry={() => void vendors.refetch()} />
          ) : vendors.data.vendors.length === 0 ? (
            <EmptyPanel>{t('No vendors match your search.')}</EmptyPanel>
          ) : (
            <section aria-label={t('Vendors')}>
              <p className="mb-2 text-sm text-slate-600" aria-live="polite">
                {vendors.data.total === 1
                  ? t('{count} vendor', { count: String(vendors.data.total) })
                  : t('{count} vendors', { count: String(vendors.data.total) })}
              </p>
              <Grid>
                {vendors.data.vendors.map((v) => (
                  <VendorCard key={v.id} vendor={v} viewerId={user?.id} />
                ))}
              </Grid>
              <Pager
                page={vendors.data.page}
                pages={vendors.data.totalPages}
                label={t('Vendor pages')}
                onPageChange={(page) => setFilters((c) => ({ ...c, page }))}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}

function Grid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">{children}</div>;
}
