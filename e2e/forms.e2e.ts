import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  joinedListing,
  lagosDisplayDatePlus,
  seeText,
  sellerWizardToItemDetails,
  signIn,
  skipTour,
  writeTinyPng,
} from './support/journey-helpers.ts';

/** Forms and feedback: what a new user trips over, walked in a real browser. */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** The text of the elements an input's aria-describedby points at (its message, its hint). */
const description = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );

/** The accessible name of the focused element (heading text, label). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase(), text: el?.textContent?.trim(), id: el?.id };
  });

describe('forms in the browser', () => {
  it('shipment dialog: each required field says what is missing, the date is dd/mm/yyyy, one file control', async () => {
    const listing = await joinedListing(
      server,
      { seller: 'Kunle', buyer: 'Amaka' },
      { description: 'Tecno Camon 20', price: 120_000, itemCategory: 'Electronics' },
    );
    const id = listing.created.transaction.id;
    await apiAs(server, listing.buyerToken, 'POST', '/wallet/deposit', {
      amount: listing.created.transaction.total,
    });
    await apiAs(server, listing.buyerToken, 'PUT', `/transactions/${id}/confirm-payment`, {
      paymentMethod: 'WALLET',
    });
    // A US browser: a native date input would show mm/dd/yyyy here.
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await signIn(page, server, listing.seller);
      await skipTour(page);
      await page.goto(`${server.url}/app/transactions/${id}`);
      await page.getByTestId('status-flow').getByRole('button', { name: 'Confirm Shipment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Shipment' });
      await dialog.getByRole('button', { name: 'Confirm Shipment' }).click();

      const date = dialog.getByLabel(/Estimated delivery date/);
      await dialog.getByText('Please enter estimated delivery date').waitFor();
      expect(await description(date)).toBe('Please enter estimated delivery date');
      expect(await description(dialog.locator('#shipment-photos'))).toBe(
        'Please upload at least one photo of the item',
      );
      expect(await date.getAttribute('type')).toBe('text');
      expect(await date.getAttribute('placeholder')).toBe('dd/mm/yyyy');

      // One control: the browser's own file input (and its 'No file chosen') is not what is seen.
      const picker = dialog.locator('#shipment-photos');
      expect(await picker.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
      await dialog.getByText('Choose photos').waitFor();
      await picker.setInputFiles(writeTinyPng());
      await dialog.getByText('Uploaded').waitFor();
      await dialog.getByText('Add photos (1 of 5)').waitFor();

      await date.fill('31/02/2099');
      await dialog.getByRole('button', { name: 'Confirm Shipment' }).click();
      await dialog.getByText('Please enter estimated delivery date').waitFor();
      await date.fill(lagosDisplayDatePlus(3));
      await dialog.getByRole('button', { name: 'Confirm Shipment' }).click();
      await seeText(page, 'Shipment confirmed successfully!');
    } finally {
      await browser.dispose();
    }
  });

  it('create wizard by keyboard: Continue focuses what is missing, each step heading takes focus and is announced', async () => {
    const buyer = await createAccount(server, 'Efe', 'Buyer');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await signIn(page, server, buyer);
      await skipTour(page);
      await page.goto(`${server.url}/app/create-transaction`);
      const status = page.getByRole('status').filter({ hasText: /Step|created/ });

      // Continue with nothing chosen: the choice is focused and says what is missing.
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Please choose whether you are buying or selling').waitFor();
      expect((await focused(page)).tag).toBe('input');
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Courier Service' }).waitFor();
      expect(await focused(page)).toMatchObject({ tag: 'h2', text: 'Courier Service' });
      expect(await status.textContent()).toBe('Step 2 of 5');

      // The next Tab reaches the step's first control, not 'Skip to content'.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe(
        'shippingType',
      );
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
      expect(await focused(page)).toMatchObject({ tag: 'h2', text: 'Transaction Details' });
      expect(await status.textContent()).toBe('Step 3 of 5');

      // Point 8: the server's bounds, said before Continue.
      await page.getByLabel('Description').fill('Office chair');
      await page.getByLabel('Price').fill('0.01');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Amount must be at least ₦100.00').waitFor();
      expect((await focused(page)).id).toBe('tx-price');
      expect(await description(page.getByLabel('Price'))).toBe('Amount must be at least ₦100.00');
      await page.getByLabel('Price').fill('99999999999');
      await page.keyboard.press('Enter');
      await page.getByText('Amount must be at most ₦50,000,000.00').waitFor();
      await page.getByLabel('Price').fill('45000');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Transaction Preferences' }).waitFor();
      expect(await focused(page)).toMatchObject({ tag: 'h2', text: 'Transaction Preferences' });
      expect(await status.textContent()).toBe('Step 4 of 5');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Transaction Terms' }).waitFor();
      expect(await focused(page)).toMatchObject({ tag: 'h2', text: 'Transaction Terms' });
      await page.getByRole('button', { name: 'Create Transaction' }).click();
      await page.getByRole('heading', { name: 'Transaction created' }).waitFor();
      expect(await focused(page)).toMatchObject({ tag: 'h2', text: 'Transaction created' });
      expect(await status.textContent()).toBe('Transaction created');
    } finally {
      await browser.dispose();
    }
  });

  it('create wizard: the weight field takes only numbers', async () => {
    const seller = await createAccount(server, 'Tobi', 'Seller');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await signIn(page, server, seller);
      await skipTour(page);
      await sellerWizardToItemDetails(page, server, {
        delivery: 'Local pickup or delivery',
        description: 'Standing fan',
        condition: 'Good',
      });
      await page.getByLabel('Weight (kg)').fill('abc');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Weight must be a number of kilograms').waitFor();
      expect((await focused(page)).id).toBe('tx-itemWeight');
    } finally {
      await browser.dispose();
    }
  });

  it('sign-up: a taken e-mail is said on the e-mail field; toasts do not follow to the next page', async () => {
    const existing = await createAccount(server, 'Uche', 'Existing');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/signup`);
      await page.getByRole('button', { name: 'Create account' }).click();
      const email = page.getByLabel('Email');
      await page.getByText('Email is required').waitFor();
      expect(await page.getByText('Invalid email address').count()).toBe(0);

      await page.getByLabel('First name').fill('Uche');
      await page.getByLabel('Last name').fill('Again');
      await email.fill(existing.email);
      await page.getByLabel('Password', { exact: true }).fill('correct-horse-9');
      await page.getByLabel('Confirm password', { exact: true }).fill('correct-horse-9');
      await page.getByRole('checkbox', { name: 'I have read and accept the Privacy Policy' }).check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('An account with this email already exists').waitFor();
      expect(await description(email)).toBe('An account with this email already exists');
      expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByText('An account with this email already exists').count()).toBe(1);

      // A failed sign-in toasts on /login; that toast is not carried to /signup.
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL('**/login');
      await page.getByLabel('Email').fill(existing.email);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await seeText(page, 'Invalid email or password');
      await page.getByRole('link', { name: 'Sign up now' }).click();
      await page.waitForURL('**/signup');
      await page.getByText('Invalid email or password').waitFor({ state: 'detached' });
    } finally {
      await browser.dispose();
    }
  });

  it('landing calculator: letters count as 0 and say what to enter', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      const amount = page.getByLabel('Item price in naira');
      await amount.fill('abc');
      expect(await page.getByTestId('calc-total').textContent()).toBe('₦0.00');
      await page.getByText('Enter an amount in naira').waitFor();
      expect(await description(amount)).toBe('Enter an amount in naira');
      await amount.fill('150000');
      await page.getByText('Enter an amount in naira').waitFor({ state: 'detached' });
    } finally {
      await browser.dispose();
    }
  });
});
