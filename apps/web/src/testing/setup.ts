import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { currentLanguage, loadCatalogues, setLanguage } from '../lib/i18n';
import { apiServer } from './api-mock';

// Screens show English texts unless a test chooses another language (lib/i18n.ts).
await Promise.all([loadCatalogues('public'), loadCatalogues('app'), loadCatalogues('legal')]);

// A request no test handler answers fails (and MSW names it), instead of reaching the network.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  if (currentLanguage() !== 'en') await setLanguage('en', { remember: false });
  apiServer.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => apiServer.close());
