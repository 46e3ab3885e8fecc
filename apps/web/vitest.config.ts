import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCatalogues } from './i18n-catalogues.ts';

export default defineProject({
  plugins: [react(), i18nCatalogues()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // Files share a worker's jsdom and module graph instead of a fresh one each (about a second per
    // file): setup.ts unmounts, clears storage and resets the API handlers after every test, and
    // unstubGlobals restores stubbed globals.
    isolate: false,
    // Globals stubbed with vi.stubGlobal (fetch, matchMedia, ...) are restored after every test.
    unstubGlobals: true,
    // Screens show Lagos time whatever the device's zone; the web tests run far from
    // Lagos (UTC-5/-4) so a date or time read in the device's zone fails them (workers start with it).
    env: { TZ: 'America/New_York' },
  },
});
