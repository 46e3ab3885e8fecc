import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { upload, tinyPng } from './support/dispute-setup.ts';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';
import { apiAs, createAccount, lagosDatePlus, seeText, signIn, tokenFor } from './support/journey-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** Pays and ships through the API: the journey under test is the directory's, not the escrow steps. */
async function payAndShip(transactionId: string, total: number, buyerToken: string, sellerToken: string) {
  await apiAs(server, buyerToken, 'POST', '/wallet/deposit', { amount: total });
  await apiAs(server, buyerToken, 'PUT', `/transactions/${transactionId}/confirm-payment`, {
    paymentMethod: 'WALLET',
  });
  const photo = await upload(server, sellerToken, { purpose: 'shipment_photo', transactionId }, tinyPng());
  await apiAs(server, sellerToken, 'PUT', `/transactions/${transactionId}/shipping-details`, {
    shipmentData: {
      photos: [photo],
      estimatedDelivery: lagosDatePlus(2),
      itemCondition: 'GOOD',
      packagingDetails: 'Boxed',
    },
  });
}

const noFindings = async (page: Page, report: Record<string, string[]>, name: string) => {
  await page.waitForLoadState('networkidle');
  const found = await axeFindings(page);
  if (found.length) report[name] = found;
};

describe('vendor directory', () => {
  it('a seller publishes; a buyer on a phone finds them by specialty, contacts them, they trade, the buyer rates them and the rating shows', async () => {
    const seller = await createAccount(server, 'Kemi', 'Vendor');
    const buyer = await createAccount(server, 'Tunde', 'Buyer');
    const sellerToken = await tokenFor(server, seller);
    const buyerToken = await tokenFor(server, buyer);
    for (const token of [sellerToken, buyerToken])
      await apiAs(server, token, 'PUT', '/auth/me', { onboardingCompleted: true });
    const businessName = `Kemi Art House ${Date.now().toString(36)}`;
    const report: Record<string, string[]> = {};

    const sellerBrowser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
    const buyerBrowser = await launchBrowser({ viewport: { width: 375, height: 740 } });
    for (const b of [sellerBrowser, buyerBrowser])
      await b.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
    try {
      // The seller publishes a profile (the seller terms are accepted once).
      const sp = await sellerBrowser.newPage();
      await signIn(sp, server, seller);
      await sp.goto(`${server.url}/app/vendor/profile`);
      await sp.getByLabel('Business name').fill(businessName);
      await noFindings(sp, report, 'profile form');
      await sp.getByLabel('State').selectOption('Oyo');
      await sp.getByLabel('Description').fill('Adire fabric and carvings, made in Ibadan.');
      await sp.getByLabel('Art & Collectibles').check();
      await sp.getByLabel('Contact phone').fill('0803 555 0101');
      await sp.getByLabel('Contact e-mail').fill('kemi@art.example');
      await sp.getByRole('button', { name: 'Save Profile' }).click();
      await seeText(sp, 'Please accept the seller terms to publish your profile');
      await sp.getByLabel(/I accept the/).check();
      await sp.getByRole('button', { name: 'Save Profile' }).click();
      await seeText(sp, 'Your vendor profile is published');

      // The buyer, on a phone, finds them by specialty and contacts them.
      const bp = await buyerBrowser.newPage();
      await signIn(bp, server, buyer);
      await bp.goto(`${server.url}/app/vendor`);
      await bp.getByLabel('Specialty').selectOption('Art & Collectibles');
      const card = bp.getByTestId('vendor-card').filter({ hasText: businessName });
      await card.waitFor();
      await card.getByText('No ratings yet').waitFor();
      await noFindings(bp, report, 'directory');
      expect(await bp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await card.getByRole('link', { name: `View Profile of ${businessName}` }).click();
      await bp.getByRole('heading', { level: 1, name: businessName }).waitFor();
      await bp.getByText('Escrow agreement signed').waitFor();
      await noFindings(bp, report, 'vendor page');
      await bp.getByRole('link', { name: 'Contact Vendor' }).click();
      await bp.waitForURL('**/app/create-transaction?**');
      await bp.getByText(businessName, { exact: true }).waitFor();
      await bp.getByText('Local pickup or delivery').click();
      await bp.getByRole('button', { name: 'Continue' }).click();
      await bp.getByLabel('Description').fill('Adire wrapper, indigo');
      await bp.getByLabel('Price').fill('15000');
      await bp.getByRole('button', { name: 'Continue' }).click();
      await bp.getByRole('button', { name: 'Continue' }).click();
      await bp.getByRole('button', { name: 'Create Transaction' }).click();
      await seeText(bp, 'Transaction created successfully! Share the link with your counterparty.');

      // The vendor is notified and joins from the notification.
      await sp.goto(`${server.url}/app/notifications`);
      await sp.getByRole('link', { name: 'Open the invitation' }).first().click();
      await sp.waitForURL('**/app/join-transaction/**');
      await sp.getByRole('button', { name: 'Join Transaction' }).click();
      await seeText(sp, 'Successfully joined the transaction!');
      await sp.waitForURL(/\/app\/transactions\/[0-9a-f-]{36}$/);
      const transactionId = sp.url().split('/').pop()!;
      const { transaction } = await apiAs<{ transaction: { total: number } }>(
        server,
        buyerToken,
        'GET',
        `/transactions/${transactionId}`,
      );
      await payAndShip(transactionId, transaction.total, buyerToken, sellerToken);

      // The buyer confirms receipt, then rates the seller from the details screen.
      await bp.goto(`${server.url}/app/transactions/${transactionId}`);
      await bp.getByTestId('status-flow').getByRole('button', { name: 'Confirm Receipt' }).click();
      const receipt = bp.getByRole('dialog', { name: 'Confirm Receipt of Goods' });
      // The dialog's body loads with its own chunk: take the checklist once all five boxes are there
      // (all() answers at once with what is on the page, and an early read ticked none).
      await expect.poll(() => receipt.getByRole('checkbox').count()).toBe(5);
      for (const box of await receipt.getByRole('checkbox').all()) await box.check();
      await receipt.getByRole('button', { name: 'Confirm Receipt' }).click();
      await seeText(bp, 'Transaction completed successfully!');
      const rating = bp.locator('#rating');
      await rating.getByLabel('5 stars').check();
      await rating.getByLabel('Review (optional)').fill('Beautiful fabric, quick replies.');
      await noFindings(bp, report, 'rating form');
      await rating.getByRole('button', { name: 'Submit rating' }).click();
      await seeText(bp, 'Thank you for rating the seller');
      await rating.getByText('5 out of 5').waitFor();

      // The directory shows the rating and the completed order.
      await bp.goto(`${server.url}/app/vendor`);
      await bp.getByLabel('Search').fill(businessName.toUpperCase());
      const rated = bp.getByTestId('vendor-card').filter({ hasText: businessName });
      await rated.getByText('5.0 (1 review)').waitFor();
      expect(await rated.getByText('Completed orders').locator('..').textContent()).toContain('1');
      expect(report).toEqual({});
    } finally {
      await sellerBrowser.dispose();
      await buyerBrowser.dispose();
    }
  });
});
