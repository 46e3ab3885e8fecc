import { useEffect, useSyncExternalStore } from 'react';
import {
  catalogueArrivals,
  currentLanguage,
  loadCatalogues,
  subscribeArrivals,
  subscribeLanguage,
  type CatalogueGroup,
} from './i18n';

/**
 * The screens' language. A page's root keys its tree by it, so every `t` call renders again in the
 * new language when it changes (a rare, deliberate act: the switcher).
 */
export function useLanguage() {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

/**
 * For a part of a page that shows another group's texts than the page's own (the sign-in page's
 * two-factor step shows the app's): loads that group and renders the part again when it arrives.
 */
export function useCatalogueGroup(group: CatalogueGroup) {
  useEffect(() => void loadCatalogues(group).catch(() => undefined), [group]);
  useSyncExternalStore(subscribeArrivals, catalogueArrivals, catalogueArrivals);
}
