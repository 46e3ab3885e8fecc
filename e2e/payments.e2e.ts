import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../apps/server/src/testing/pdf-text.ts';
import { startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  joinedListing,
  personBrowser,
  seeText,
  signIn,
  skipTour,
  tabTo,
  type Account,
} from './support/journey-helpers.ts';

let server: TestServer;

/**
 * Presses a download button (by mouse, or by keyboard: Tab to it and Enter) and returns the text of the PDF
 * it saved, as a reader extracts it.
 */
async function downloadText(page: Page, button: string, by: 'mouse' | 'keyboard' = 'mouse'): Promise<string> {
  const control = page.getByRole('button', { name: button });
  if (by === 'keyboard') await tabTo(page, control);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    by === 'keyboard' ? page.keyboard.press('Enter') : control.click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^amana-.+\.pdf$/);
  return extractPdfText(readFileSync((await download.path())!));
}

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

describe('paying above the BASIC wallet cap', () => {
  it('a new buyer pays ₦461,250 by test card: steered from the wallet, one decline, then paid into escrow', async () => {
    const { buyer, buyerToken, created } = await joinedListing(
      server,
      { seller: 'Tunde', buyer: 'Ngozi' },
      { description: 'Generator 7.5kVA', price: 450_000, itemCategory: 'Electronics' },
    );
    const id = created.transaction.id;
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await signIn(page, server, buyer);
      await skipTour(page);
      await page.goto(`${server.url}/app/payment/${id}`);

      // The wallet (BASIC, empty) cannot hold ₦461,250: the dialog says so and offers the ways that can.
      await seeText(
        page,
        'Your wallet can hold up to ₦300,000 until you verify your identity. Pay by bank transfer or card instead, or verify to raise the limit.',
      );
      await page.getByRole('button', { name: 'Pay by card' }).click();
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      await page.waitForURL('**/app/test-checkout/esc_*');
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      expect(await page.getByTestId('checkout-amount').textContent()).toBe('₦461,250.00');
      await page.getByLabel('Card number').fill('4084 0800 0000 5408');
      await page.getByLabel('Expiry (MM/YY)').fill('12/30');
      await page.getByLabel('CVV').fill('408');
      await page.getByRole('button', { name: 'Pay ₦461,250.00' }).click();
      await seeText(page, 'Your bank declined this payment. Try another card or pay by bank transfer.');

      await page.getByLabel('Card number').fill('4084 0840 8408 4081');
      await page.getByRole('button', { name: 'Pay ₦461,250.00' }).click();
      await page.waitForURL(`**/app/payment/${id}?reference=esc_*`);
      await page.getByText('Payment Successful', { exact: true }).waitFor();

      const { transaction } = await apiAs<{ transaction: { status: string; paymentMethod: string } }>(
        server,
        buyerToken,
        'GET',
        `/transactions/${id}`,
      );
      expect(transaction).toMatchObject({ status: 'WAITING_FOR_SHIPMENT', paymentMethod: 'CARD' });
      const reference = new URL(page.url()).searchParams.get('reference')!;

      // The receipt downloads from the details screen and its text carries the reference and amounts.
      await page.goto(`${server.url}/app/transactions/${id}`);
      const receipt = await downloadText(page, 'Download Receipt');
      for (const expected of [id, reference, 'NGN 450,000.00', 'NGN 11,250.00', 'NGN 461,250.00'])
        expect(receipt).toContain(expected);

      // The wallet history shows the card payment, marked as not from the balance; so does the statement.
      await page.goto(`${server.url}/app/wallet`);
      const history = page.getByRole('list', { name: 'Wallet history' });
      await history.getByText('Card payment into escrow', { exact: true }).waitFor();
      await history.getByText('Paid by you directly, not from your wallet balance').waitFor();
      await history.getByText('−₦461,250.00').waitFor();
      const statement = await downloadText(page, 'Download Statement');
      expect(statement).toContain(reference);
      expect(statement).toContain('-NGN 461,250.00');
    } finally {
      await browser.dispose();
    }
  });

  it('the same walk by keyboard alone: sign in, pay ₦461,250 by test card, download the receipt', async () => {
    const { buyer, created } = await joinedListing(
      server,
      { seller: 'Kemi', buyer: 'Obinna' },
      { description: 'Solar inverter 5kVA', price: 450_000, itemCategory: 'Electronics' },
    );
    const id = created.transaction.id;
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/login`);
      await keyboardSignIn(page, buyer);
      await page.waitForURL('**/app/dashboard');
      const tour = page.getByRole('dialog', { name: /Welcome to/ });
      await tour.waitFor();
      await page.keyboard.press('Escape');
      await tour.waitFor({ state: 'hidden' });

      await page.goto(`${server.url}/app/payment/${id}`);
      await seeText(
        page,
        'Your wallet can hold up to ₦300,000 until you verify your identity. Pay by bank transfer or card instead, or verify to raise the limit.',
      );
      await tabTo(page, page.getByRole('button', { name: 'Pay by card' }));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('button', { name: 'Continue to payment' }));
      await page.keyboard.press('Enter');

      await page.waitForURL('**/app/test-checkout/esc_*');
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      await tabTo(page, page.getByLabel('Card number'));
      await page.keyboard.type('4084 0840 8408 4081');
      await page.keyboard.press('Tab');
      await page.keyboard.type('12/30');
      await page.keyboard.press('Tab');
      await page.keyboard.type('408');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/app/payment/${id}?reference=esc_*`);
      await page.getByText('Payment Successful', { exact: true }).waitFor();
      const reference = new URL(page.url()).searchParams.get('reference')!;

      await page.goto(`${server.url}/app/transactions/${id}`);
      const receipt = await downloadText(page, 'Download Receipt', 'keyboard');
      for (const expected of [id, reference, 'NGN 450,000.00', 'NGN 11,250.00', 'NGN 461,250.00'])
        expect(receipt).toContain(expected);
    } finally {
      await browser.dispose();
    }
  });
});

/** Signs in on /login with the keyboard only: the e-mail field, Tab, the password, Enter. */
async function keyboardSignIn(page: Page, account: Account) {
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }), { max: 3 });
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
}
