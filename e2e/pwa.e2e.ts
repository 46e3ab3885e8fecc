import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('installable web app', () => {
  it('serves a manifest with name, colours and real icons', async () => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      name: 'Amana Escrow',
      display: 'standalone',
      theme_color: '#0f766e',
      start_url: '/',
      scope: '/',
    });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as Array<{ src: string }>) {
      const res = await fetch(`${server.url}${icon.src}`);
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    }
  });

  it('registers /sw.js, and after a first visit the pages load offline', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Bounded, so a worker that fails to install (e.g. a precached file missing) fails fast and clearly.
      const scriptUrl = await page.evaluate(() =>
        Promise.race([
          navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL),
          new Promise((resolve) => setTimeout(() => resolve('service worker not ready after 20 s'), 20_000)),
        ]),
      );
      expect(scriptUrl).toBe(`${server.url}/sw.js`);
      // The worker claims the page it was installed from (clientsClaim).
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await browser.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /without the fear of being scammed/ }).waitFor();
      await page.getByLabel('Item price in naira').fill('1000');
      expect(await page.getByTestId('calc-total').textContent()).toBe('₦1,025.00');

      // Any page of the app shell starts offline too (navigation fallback to the precached index.html).
      await page.goto(`${server.url}/legal/cookie-policy`);
      await page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).waitFor();

      // The API is never answered from the cache.
      const api = await page.evaluate(() =>
        fetch('/api/health').then(
          (r) => r.status,
          () => 'network error',
        ),
      );
      expect(api).toBe('network error');
    } finally {
      await browser.dispose();
    }
  });
});
