import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  VendorCard,
  VendorList,
  VendorProfileAnswer,
  VendorProfileForm,
  vendorListQuerySchema,
} from '@escrow/shared/schemas/vendors';
import { api } from '../../../lib/api-client';

/** The list query the directory asks for: the server's own query schema, one page at a time. */
export type VendorFilters = Pick<
  z.output<typeof vendorListQuerySchema>,
  'q' | 'state' | 'specialty' | 'trustLevel' | 'sort' | 'page'
>;

export type MyVendor = Omit<VendorProfileForm, 'acceptSellerTerms'> & {
  id: string;
  sellerTermsAcceptedAt: string | null;
};

export const vendorKeys = {
  all: ['vendors'] as const,
  list: (filters: VendorFilters) => ['vendors', 'list', filters] as const,
  saved: ['vendors', 'saved'] as const,
  detail: (id: string) => ['vendors', 'detail', id] as const,
  me: ['vendors', 'me'] as const,
};

export const VENDOR_PAGE_SIZE = 12;

function queryOf(filters: VendorFilters) {
  const params = new URLSearchParams({
    sort: filters.sort,
    page: String(filters.page),
    limit: String(VENDOR_PAGE_SIZE),
  });
  for (const key of ['q', 'state', 'specialty', 'trustLevel'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

export function useVendors(filters: VendorFilters) {
  return useQuery({
    queryKey: vendorKeys.list(filters),
    queryFn: ({ signal }) => api<VendorList>(`/vendors?${queryOf(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSavedVendors(enabled: boolean) {
  return useQuery({
    queryKey: vendorKeys.saved,
    queryFn: ({ signal }) => api<{ vendors: VendorCard[] }>('/vendors/saved', { signal }),
    select: (answer) => answer.vendors,
    enabled,
  });
}

export function useVendor(id: string) {
  return useQuery({
    queryKey: vendorKeys.detail(id),
    queryFn: ({ signal }) => api<VendorProfileAnswer>(`/vendors/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useMyVendor() {
  return useQuery({
    queryKey: vendorKeys.me,
    queryFn: ({ signal }) => api<{ vendor: MyVendor | null }>('/vendors/me', { signal }),
    select: (answer) => answer.vendor,
  });
}

export function useSaveMyVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorProfileForm) =>
      api<{ vendor: MyVendor }>('/vendors/me', { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}

export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, save }: { id: string; save: boolean }) =>
      api<{ saved: boolean }>(`/vendors/${encodeURIComponent(id)}/save`, { method: save ? 'PUT' : 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}
