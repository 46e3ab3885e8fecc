import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { ITEM_CATEGORIES, NIGERIAN_STATES } from '@escrow/shared/domain/nigeria';
import { TRUST_LEVELS, vendorListQuerySchema, type TrustLevel } from '@escrow/shared/schemas/vendors';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/panels';
import { choiceValue, showServerFieldErrors } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { TRUST_LEVEL_LABELS } from './vendor-figures';

/** The directory's search and filters: the server's own list query, minus paging. */
const vendorSearchSchema = vendorListQuerySchema.pick({
  q: true,
  state: true,
  specialty: true,
  trustLevel: true,
  sort: true,
});
type VendorSearchInput = z.input<typeof vendorSearchSchema>;
export type VendorSearch = z.output<typeof vendorSearchSchema>;

const SEARCH_PAUSE_MS = 300;

/**
 * Search, filters and sort on react-hook-form with the server's list query schema. A filter applies
 * when chosen, the search box once typing pauses (or at once on Enter); what the schema refuses stays
 * unapplied with its message beside the field, and so does a field a 400 from the list names.
 */
export function VendorSearchForm({
  initial,
  onSearch,
  listError,
}: {
  /** The search applied now (the form comes back with it after Saved Vendors). */
  initial: VendorSearch;
  onSearch: (search: VendorSearch) => void;
  listError: unknown;
}) {
  const form = useForm<VendorSearchInput, unknown, VendorSearch>({
    resolver: zodResolver(vendorSearchSchema),
    defaultValues: initial,
  });
  const { register, formState, setError } = form;
  const apply = form.handleSubmit(onSearch);
  const q = useWatch({ control: form.control, name: 'q' });
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    pause.current = setTimeout(() => void apply(), SEARCH_PAUSE_MS);
    return () => clearTimeout(pause.current);
    // Only a change of the typed search waits for the pause; `apply` is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  // A search applied again (which clears messages) still gets the list's answer to it.
  const { submitCount } = formState;
  useEffect(
    () => void showServerFieldErrors(listError, setError, fieldOf),
    [listError, setError, submitCount],
  );

  const error = (name: keyof VendorSearchInput) => formState.errors[name]?.message;
  const filter = (name: 'state' | 'specialty' | 'trustLevel') => ({
    ...register(name, { setValueAs: choiceValue, onChange: () => void apply() }),
    ...fieldErrorProps(`vendor-${name}`, error(name)),
  });

  return (
    <form
      role="search"
      aria-label={t('Find vendors')}
      noValidate
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(event) => {
        // Enter applies the search now; the pause would only apply it again (clearing its messages).
        clearTimeout(pause.current);
        void apply(event);
      }}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <Field id="vendor-search" label={t('Search')} error={error('q')}>
          <Input
            id="vendor-search"
            type="search"
            placeholder={t('Name or specialty')}
            maxLength={100}
            {...register('q')}
            {...fieldErrorProps('vendor-search', error('q'))}
          />
        </Field>
      </div>
      <Field id="vendor-state" label={t('State')} error={error('state')}>
        <Select id="vendor-state" {...filter('state')}>
          <Options all={t('All states')} options={NIGERIAN_STATES} />
        </Select>
      </Field>
      <Field id="vendor-specialty" label={t('Specialty')} error={error('specialty')}>
        <Select id="vendor-specialty" {...filter('specialty')}>
          <Options all={t('All specialties')} options={ITEM_CATEGORIES} label={(category) => t(category)} />
        </Select>
      </Field>
      <Field id="vendor-trustLevel" label={t('Trust level')} error={error('trustLevel')}>
        <Select id="vendor-trustLevel" {...filter('trustLevel')}>
          <Options
            all={t('Any trust level')}
            options={TRUST_LEVELS}
            label={(level) => t(TRUST_LEVEL_LABELS[level as TrustLevel])}
          />
        </Select>
      </Field>
      <Field id="vendor-sort" label={t('Sort by')} error={error('sort')}>
        <Select
          id="vendor-sort"
          {...register('sort', { onChange: () => void apply() })}
          {...fieldErrorProps('vendor-sort', error('sort'))}
        >
          <option value="rating">{t('Rating')}</option>
          <option value="orders">{t('Completed orders')}</option>
        </Select>
      </Field>
    </form>
  );
}

/** A 400 on the list names a query parameter; each is a field of this form (paging is not). */
function fieldOf(serverPath: string): Path<VendorSearchInput> | null {
  return (
    (['q', 'state', 'specialty', 'trustLevel', 'sort'] as const).find((name) => name === serverPath) ?? null
  );
}

/** A filter's options: the values as the API takes them, each shown as `label` words it (names: as is). */
function Options({
  all,
  options,
  label = (option) => option,
}: {
  all: string;
  options: readonly string[];
  label?: (option: string) => string;
}) {
  return (
    <>
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </>
  );
}
