import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

/** A new account signed in through the API; the browser gets its token the way the app stores it. */
async function signedInPage(browser: BrowserContext) {
  const email = `e2e-fees-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-9';
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      firstName: 'Bola',
      lastName: 'Tester',
      acceptPrivacyNotice: true,
    }),
  });
  expect(signup.status).toBe(201);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const page = await browser.newPage();
  // Same origin, but no app code runs there that could race the token (the SPA's own start-up
  // drops the stored token when its profile call is cut off by a navigation).
  await page.goto(`${server.url}/api/health`);
  await page.evaluate((token) => localStorage.setItem('authToken', token), data.token);
  return page;
}

describe('fee calculator in the browser', () => {
  it('computes a quote from the user’s level, shows fee, total and risk level, and lists it in history', async () => {
    const browser = await launchBrowser();
    try {
      const page = await signedInPage(browser);
      await page.goto(`${server.url}/app/escrow-calculator`);
      await page.getByRole('heading', { name: 'Escrow Fee Calculator' }).waitFor();

      // Required fields first: no category chosen.
      await page.getByLabel('Transaction Amount').fill('150000');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await page.getByText('Please fill in all required fields').first().waitFor();

      await page.getByLabel('Category').selectOption('Electronics');
      await page.getByLabel('Delivery Method').selectOption('PICKUP');
      await page.getByLabel('Payment Method').selectOption('BANK_TRANSFER');
      await page.getByRole('button', { name: 'Calculate' }).click();

      // New account: BASIC (×1.5), trust score 0 (×1.4). ₦150,000 → amount risk 0.2, GOODS 0.1 → 0.3 (LOW).
      // (1.5 + 0.3 + 0.3) × 1.5 × 1.4 = 4.41%; fee ₦6,615.00; total ₦156,615.00.
      const percentage = page.getByTestId('fee-percentage');
      await percentage.waitFor();
      expect(await percentage.innerText()).toBe('4.41%');
      expect(await page.getByTestId('fee-amount').innerText()).toBe('₦6,615.00');
      expect(await page.getByTestId('fee-total').innerText()).toBe('₦156,615.00');
      await page.getByText('Low risk').first().waitFor();
      expect(await page.getByRole('note').innerText()).toContain('flat 2.5%');

      const history = page.getByRole('list', { name: 'Previous calculations' });
      await history.getByText('4.41% · ₦6,615.00').waitFor();
      expect(await history.innerText()).toContain('Electronics');
    } finally {
      await browser.dispose();
    }
  });
});
