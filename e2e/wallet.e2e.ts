import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nubanCheckDigit } from '../packages/shared/src/domain/nuban.ts';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

/** A new account signed in through the API; the browser gets its token the way the app stores it. */
async function signedInPage(browser: BrowserContext): Promise<Page> {
  const email = `e2e-wallet-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-9';
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      firstName: 'Chidi',
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

const balanceIs = async (page: Page, text: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('[data-testid="wallet-balance"]')?.textContent === expected,
    text,
  );

describe('wallet in the browser (sandbox provider)', () => {
  it('deposits in test mode, adds a bank account and withdraws with the ₦50 fee on top', async () => {
    const browser = await launchBrowser();
    try {
      const page = await signedInPage(browser);
      await page.goto(`${server.url}/app/wallet`);
      await balanceIs(page, '₦0.00');
      await page.getByText('Test mode').first().waitFor();

      // Deposit through the dialog opened from the URL, as the top-bar dropdown does.
      await page.goto(`${server.url}/app/wallet?action=deposit`);
      const deposit = page.getByRole('dialog', { name: 'Deposit Funds' });
      await deposit.waitFor();
      await deposit.getByText('Test mode').waitFor();
      await deposit.getByLabel('Amount (₦)').fill('0');
      await deposit.getByRole('button', { name: 'Deposit' }).click();
      await deposit.getByText('Please enter a valid amount').waitFor();
      await deposit.getByLabel('Amount (₦)').fill('20000');
      await deposit.getByRole('button', { name: 'Deposit' }).click();
      await deposit.waitFor({ state: 'hidden' });
      await page.getByText('Deposit successful').waitFor();
      await balanceIs(page, '₦20,000.00');
      const history = page.getByRole('list', { name: 'Wallet history' });
      await history.getByText('+₦20,000.00').waitFor();

      // Withdraw: add a bank account (the sandbox resolves a test name), then more than the balance allows.
      await page.getByRole('button', { name: 'Withdraw Funds' }).click();
      const withdraw = page.getByRole('dialog', { name: 'Withdraw Funds' });
      await withdraw.waitFor();
      await withdraw.getByLabel('Bank', { exact: true }).selectOption('058');
      const serial = '001234567';
      await withdraw.getByLabel('Account number').fill(`${serial}${nubanCheckDigit('058', serial)}`);
      await withdraw.getByRole('button', { name: 'Save bank account' }).click();
      const account = withdraw.getByRole('radio', { name: /\(TEST\)/ });
      await account.waitFor();
      expect(await account.isChecked()).toBe(true);

      await withdraw.getByLabel('Amount (₦)').fill('19960');
      await withdraw.getByRole('button', { name: 'Withdraw' }).click();
      await withdraw.getByText('Insufficient balance').waitFor();

      await withdraw.getByLabel('Amount (₦)').fill('5000');
      await withdraw.getByText('₦50.00').waitFor();
      expect(await withdraw.getByTestId('withdraw-total').innerText()).toBe('₦5,050.00');
      await withdraw.getByRole('button', { name: 'Withdraw' }).click();
      await withdraw.waitFor({ state: 'hidden' });
      await page.getByText(/Withdrawal successful/).waitFor();

      // ₦20,000 − ₦5,000 − ₦50 fee.
      await balanceIs(page, '₦14,950.00');
      await history.getByText('Withdrawal fee').waitFor();
      expect(await history.innerText()).toContain('−₦50.00');
      expect(await history.innerText()).toContain('−₦5,000.00');
    } finally {
      await browser.dispose();
    }
  });

  it('shows balance, escrow and recent activity in the top-bar dropdown, with a mask toggle', async () => {
    const browser = await launchBrowser();
    try {
      const page = await signedInPage(browser);
      await page.goto(`${server.url}/app/wallet?action=deposit`);
      const deposit = page.getByRole('dialog', { name: 'Deposit Funds' });
      await deposit.getByLabel('Amount (₦)').fill('1234.5');
      await deposit.getByRole('button', { name: 'Deposit' }).click();
      await deposit.waitFor({ state: 'hidden' });
      await balanceIs(page, '₦1,234.50');

      const trigger = page.getByRole('button', { name: /^Wallet ₦/ });
      await trigger.click();
      const panel = page.getByRole('dialog', { name: 'Wallet' });
      await panel.getByText('Available balance').waitFor();
      await panel.getByText('+₦1,234.50').waitFor();
      await panel.getByRole('button', { name: 'Hide amounts' }).click();
      await panel.getByRole('button', { name: 'Show amounts' }).waitFor();
      expect(await panel.innerText()).not.toContain('1,234.50');
      await page.keyboard.press('Escape');
      // Remembered for the session: still masked after a reload.
      await page.reload();
      await trigger.getByText('₦ ••••••').waitFor();
      expect(await trigger.innerText()).not.toContain('1,234.50');
      await trigger.click();
      await panel.getByRole('link', { name: 'Withdraw Funds' }).click();
      await page.getByRole('dialog', { name: 'Withdraw Funds' }).waitFor();
      expect(page.url()).toBe(`${server.url}/app/wallet?action=withdraw`);
    } finally {
      await browser.dispose();
    }
  });
});
