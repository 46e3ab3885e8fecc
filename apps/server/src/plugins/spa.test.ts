import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import type { App } from '../app.ts';

let app: App;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'escrow-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  // The build's page for every address but `/` (it preloads the router app instead of the landing page).
  writeFileSync(path.join(dist, 'app.html'), '<!doctype html><div id="root" data-page="app"></div>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  const script = 'console.log("app");'.repeat(50);
  writeFileSync(path.join(dist, 'assets', 'app-abc.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-abc.js.gz'), gzipSync(script));
  app = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await app.close();
});

describe('serving the web app', () => {
  it('serves the app page for app routes (history fallback) without caching it', async () => {
    for (const url of ['/', '/app/dashboard', '/legal/privacy-policy', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"');
    }
    const deep = await app.inject({ method: 'GET', url: '/app/transactions/123' });
    expect(deep.headers['cache-control']).toBe('no-cache');
  });

  it('answers `/` with index.html and every other page with app.html', async () => {
    const landing = await app.inject({ method: 'GET', url: '/' });
    expect(landing.body).not.toContain('data-page="app"');
    for (const url of ['/login', '/app/dashboard', '/app/transactions/123', '/legal/privacy-policy']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('data-page="app"');
    }
  });

  it('answers a missing asset with 404, never with index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves precompressed assets with long caching, and the service worker uncached', async () => {
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the web app’s own caching while every API answer is no-store', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/app/dashboard' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
