import { useSyncExternalStore } from 'react';
import { currentLanguage, subscribeLanguage } from './i18n';

/**
 * The screens' language. A page's root keys its tree by it, so every `t` call renders again in the
 * new language when it changes (a rare, deliberate act: the switcher).
 */
export function useLanguage() {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}
