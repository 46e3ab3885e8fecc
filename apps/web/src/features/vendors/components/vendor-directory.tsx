import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ITEM_CATEGORIES, NIGERIAN_STATES } from '@escrow/shared/domain/nigeria';
import { TRUST_LEVELS } from '@escrow/shared/schemas/vendors';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { EmptyPanel, ErrorPanel, LoadingPanel, Select } from '../../../components/ui/panels';
import { useAuth } from '../../../lib/auth/auth-context';
import { useSavedVendors, useVendors, type VendorFilters } from '../api/vendors';
import { VendorCard } from './vendor-card';

const FIRST: VendorFilters = { q: '', state: '', specialty: '', trustLevel: '', sort: 'rating', page: 1 };

/** /app/vendor: published vendors with real figures; search, filters, sort, pages, saved vendors. */
export function VendorDirectory() {
  const { user } = useAuth();
  const [filters, setFilters] = useState<VendorFilters>(FIRST);
  const [search, setSearch] = useState('');
  const [showSaved, setShowSaved] = useState(false);
  const vendors = useVendors(filters);
  const saved = useSavedVendors(showSaved);
  const change = (patch: Partial<VendorFilters>) =>
    setFilters((current) => ({ ...current, ...patch, page: 1 }));

  // The search box filters as one types, once typing pauses.
  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((c) => (c.q === search ? c : { ...c, q: search, page: 1 })),
      300,
    );
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Vendor Directory</h1>
          <p className="mt-1 text-sm text-slate-600">
            Sellers with figures from their trades on Amana. Pay through escrow whoever you choose.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-pressed={showSaved} onClick={() => setShowSaved((v) => !v)}>
            {showSaved ? 'All Vendors' : 'Saved Vendors'}
          </Button>
          <Link
            to="/app/vendor/profile"
            className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
          >
            My Vendor Profile
          </Link>
        </div>
      </header>

      {showSaved ? (
        <section aria-label="Saved vendors" className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">Saved Vendors</h2>
          {saved.isPending ? (
            <LoadingPanel label="Loading saved vendors" />
          ) : saved.error ? (
            <ErrorPanel error={saved.error} onRetry={() => void saved.refetch()} />
          ) : saved.data.length === 0 ? (
            <EmptyPanel>You have not saved any vendors yet.</EmptyPanel>
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
          <form
            role="search"
            aria-label="Find vendors"
            className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
            onSubmit={(event) => {
              event.preventDefault();
              change({ q: search });
            }}
          >
            <div className="sm:col-span-2 lg:col-span-1">
              <Label htmlFor="vendor-search">Search</Label>
              <Input
                id="vendor-search"
                type="search"
                placeholder="Name or specialty"
                value={search}
                maxLength={100}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <Filter
              id="vendor-state"
              label="State"
              value={filters.state}
              options={NIGERIAN_STATES}
              all="All states"
              onChange={(state) => change({ state })}
            />
            <Filter
              id="vendor-specialty"
              label="Specialty"
              value={filters.specialty}
              options={ITEM_CATEGORIES}
              all="All specialties"
              onChange={(specialty) => change({ specialty })}
            />
            <Filter
              id="vendor-trust"
              label="Trust level"
              value={filters.trustLevel}
              options={TRUST_LEVELS}
              all="Any trust level"
              onChange={(trustLevel) => change({ trustLevel })}
            />
            <div>
              <Label htmlFor="vendor-sort">Sort by</Label>
              <Select
                id="vendor-sort"
                value={filters.sort}
                onChange={(event) => change({ sort: event.target.value as VendorFilters['sort'] })}
              >
                <option value="rating">Rating</option>
                <option value="orders">Completed orders</option>
              </Select>
            </div>
          </form>
          {vendors.isPending ? (
            <LoadingPanel label="Loading vendors" />
          ) : vendors.error ? (
            <ErrorPanel error={vendors.error} onRetry={() => void vendors.refetch()} />
          ) : vendors.data.vendors.length === 0 ? (
            <EmptyPanel>No vendors match your search.</EmptyPanel>
          ) : (
            <section aria-label="Vendors">
              <p className="mb-2 text-sm text-slate-600" aria-live="polite">
                {vendors.data.total} {vendors.data.total === 1 ? 'vendor' : 'vendors'}
              </p>
              <Grid>
                {vendors.data.vendors.map((v) => (
                  <VendorCard key={v.id} vendor={v} viewerId={user?.id} />
                ))}
              </Grid>
              <Pager
                page={vendors.data.page}
                pages={vendors.data.totalPages}
                label="Vendor pages"
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

function Filter({
  id,
  label,
  value,
  options,
  all,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  all: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Select>
    </div>
  );
}
