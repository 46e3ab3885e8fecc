import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../apps/server/src/plugins/scheduler.ts';
import { startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  lagosDatePlus,
  lagosDisplayDatePlus,
  joinedListing,
  personBrowser,
  sellerCreates,
  seeText,
  signIn,
  signInOnForm,
  skipTour,
  tokenFor,
  writeTinyPng,
} from './support/journey-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

/** The status shown in the details' status-flow panel (data-status is the stored status). */
const statusIs = (page: Page, status: string) =>
  page.locator(`[data-testid="status-flow"] [data-status="${status}"]`).waitFor({ timeout: 15_000 });

const flow = (page: Page) => page.getByTestId('status-flow');

describe('transaction lifecycle in two browsers', () => {
  it('seller creates, buyer joins by link, pays from the wallet, seller ships, buyer confirms: live on both sides', async () => {
    const seller = await createAccount(server, 'Sade', 'Seller');
    const buyer = await createAccount(server, 'Bola', 'Buyer');
    const sellerBrowser = await personBrowser(server);
    const buyerBrowser = await personBrowser(server);
    try {
      // Seller: sign in, skip the tour, create through the wizard (with courier).
      const sp = await sellerBrowser.newPage();
      await signIn(sp, server, seller);
      await skipTour(sp);
      await sp.getByRole('link', { name: 'New Transaction' }).click();
      await sp.getByText('I want to sell something').click();
      await sp.getByRole('button', { name: 'Continue' }).click();
      await sp.getByText('I need shipping services').click();
      await sp.getByRole('button', { name: 'Continue' }).click();
      await sp.getByLabel('Description').fill('Canon EOS 250D camera');
      await sp.getByLabel('Price').fill('50000');
      expect(await sp.getByTestId('wizard-total').textContent()).toBe('₦51,250.00');
      await sp.getByRole('button', { name: 'Continue' }).click();
      await sp.getByLabel('Item type *').selectOption('Physical Product');
      await sp.getByLabel('Category *').selectOption('Electronics');
      await sp.getByLabel('Condition *').selectOption('Like New');
      await sp.getByRole('button', { name: 'Continue' }).click();
      await sp.getByLabel('Return policy').fill('Returns within 3 days if not as described');
      await sp.getByRole('button', { name: 'Create Transaction' }).click();
      await seeText(sp, 'Transaction created successfully! Share the link with your counterparty.');
      const link = await sp.getByLabel('Share link').inputValue();
      expect(link).toMatch(new RegExp(`^${server.url}/app/join-transaction/[A-Za-z0-9_-]+$`));
      await sp.getByRole('button', { name: 'Copy', exact: true }).click();
      await seeText(sp, 'Copied to clipboard!');
      expect(await sp.evaluate(() => navigator.clipboard.readText())).toBe(link);

      await sp.getByRole('link', { name: 'View Transaction' }).click();
      await statusIs(sp, 'PENDING');
      await flow(sp).getByText('Waiting for Buyer to Join...').waitFor();
      await sp.locator('[data-connection-state="connected"]').first().waitFor();

      // Buyer: signed out, opens the link, is sent to sign in, and lands back on the invitation.
      const bp = await buyerBrowser.newPage();
      await bp.goto(link);
      await bp.waitForURL('**/login');
      await bp.getByLabel('Email').waitFor();
      // A detour through sign-up and back keeps the remembered invitation.
      await bp.getByRole('link', { name: 'Sign up now' }).click();
      await bp.waitForURL('**/signup');
      await bp.getByRole('link', { name: 'Sign in' }).click();
      await bp.waitForURL('**/login');
      await signInOnForm(bp, buyer);
      await bp.waitForURL(link);
      await bp.getByText('Canon EOS 250D camera').waitFor();
      await bp.getByText('Sade Seller').waitFor();
      await bp.getByRole('button', { name: 'Join Transaction' }).click();
      await seeText(bp, 'Successfully joined the transaction!');
      await statusIs(bp, 'ACTIVE');

      // The seller's page follows without a reload.
      await statusIs(sp, 'ACTIVE');
      await seeText(sp, 'Transaction status updated to: active');
      await flow(sp).getByText('Waiting for buyer to provide delivery details...').waitFor();

      // Buyer gives delivery details.
      await flow(bp).getByRole('button', { name: 'Proceed to Fill Shipping Details' }).click();
      const delivery = bp.getByRole('dialog', { name: 'Provide Delivery Details' });
      await delivery.getByRole('button', { name: 'Save Delivery Details' }).click();
      await seeText(bp, 'Please fill in all required fields correctly');
      await delivery.getByLabel('Full name *').fill('Bola Buyer');
      await delivery.getByLabel('Phone number *').fill('0803 123 4567');
      await delivery.getByLabel('Address *').fill('12 Admiralty Way, Lekki Phase 1');
      await delivery.getByLabel('City *').fill('Lagos');
      await delivery.getByLabel('State *').selectOption('Lagos');
      await delivery.getByLabel('ZIP code *').fill('106104');
      expect(await delivery.getByLabel('Country').inputValue()).toBe('Nigeria');
      await delivery.getByRole('button', { name: 'Save Delivery Details' }).click();
      await seeText(bp, 'Delivery details saved successfully!');
      await statusIs(bp, 'WAITING_FOR_PAYMENT');
      await statusIs(sp, 'WAITING_FOR_PAYMENT');

      // With an empty wallet the payment is refused in the dialog; the buyer deposits (test mode) and pays.
      await flow(bp).getByRole('button', { name: 'Make Payment' }).click();
      let payment = bp.getByRole('dialog', { name: 'Confirm Payment' });
      await payment.getByText('Insufficient wallet balance').waitFor();
      expect(await payment.getByTestId('wallet-balance').textContent()).toBe('₦0.00');
      expect(await payment.getByRole('button', { name: 'Confirm Payment' }).isDisabled()).toBe(true);
      await payment.getByRole('link', { name: 'Deposit funds' }).click();
      const deposit = bp.getByRole('dialog', { name: 'Deposit Funds' });
      await deposit.getByLabel('Amount (₦)').fill('60000');
      await deposit.getByRole('button', { name: 'Deposit' }).click();
      await seeText(bp, 'Deposit successful');
      await bp.goBack();
      await statusIs(bp, 'WAITING_FOR_PAYMENT');
      await flow(bp).getByRole('button', { name: 'Make Payment' }).click();
      payment = bp.getByRole('dialog', { name: 'Confirm Payment' });
      await payment.getByText('₦60,000.00').waitFor();
      expect(await payment.getByTestId('payment-total').textContent()).toBe('₦51,250.00');
      await payment.getByRole('button', { name: 'Confirm Payment' }).click();
      await seeText(bp, 'Payment confirmed successfully!');
      await statusIs(bp, 'WAITING_FOR_SHIPMENT');
      await flow(bp).getByText('Waiting for seller to ship the item...').waitFor();

      // The seller sees 'Confirm Shipment' live, uploads a real photo and confirms.
      await flow(sp).getByRole('button', { name: 'Confirm Shipment' }).waitFor({ timeout: 15_000 });
      await seeText(sp, 'Transaction status updated to: waiting for shipment');
      await flow(sp).getByRole('button', { name: 'Confirm Shipment' }).click();
      const shipment = sp.getByRole('dialog', { name: 'Confirm Shipment' });
      await shipment.getByRole('button', { name: 'Confirm Shipment' }).click();
      await shipment.getByText('Please upload at least one photo of the item').waitFor();
      await shipment.locator('#shipment-photos').setInputFiles(writeTinyPng());
      await shipment.getByText('Uploaded').waitFor();
      await shipment.getByLabel('Tracking number *').fill('GIG-7781-2201');
      await shipment.getByLabel('Courier service *').selectOption('GIG Logistics');
      await shipment.getByLabel(/Estimated delivery date/).fill(lagosDisplayDatePlus(3));
      await shipment.getByLabel('Packaging details').fill('Bubble wrap in a sealed box');
      await shipment.getByRole('button', { name: 'Confirm Shipment' }).click();
      await seeText(sp, 'Shipment confirmed successfully!');
      await statusIs(sp, 'WAITING_FOR_BUYER_CONFIRMATION');

      // The buyer sees 'Confirm Receipt' live, checks the shipment, ticks the five boxes and confirms.
      await flow(bp).getByRole('button', { name: 'Confirm Receipt' }).waitFor({ timeout: 15_000 });
      await bp.getByRole('tab', { name: 'Confirmation' }).click();
      await bp.getByText('GIG-7781-2201', { exact: true }).waitFor();
      await bp.getByRole('button', { name: 'View photo 1' }).click();
      const photo = bp.getByRole('dialog', { name: 'Shipment photo 1 of 1' });
      await photo.getByRole('img', { name: 'Item as shipped by the seller' }).waitFor();
      await photo.getByRole('button', { name: 'Close' }).click();
      await bp.getByRole('tab', { name: 'Overview' }).click();
      await flow(bp).getByRole('button', { name: 'Confirm Receipt' }).click();
      const receipt = bp.getByRole('dialog', { name: 'Confirm Receipt of Goods' });
      // Pressed too early, Confirm focuses the first unticked box and says what is missing.
      await receipt.getByRole('button', { name: 'Confirm Receipt' }).click();
      const firstBox = receipt.getByRole('checkbox', { name: 'I have received the item' });
      await bp.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      expect(await firstBox.evaluate((box) => box === document.activeElement)).toBe(true);
      await receipt.getByText('Please confirm all items before proceeding').waitFor();
      for (const box of await receipt.getByRole('checkbox').all()) await box.check();
      await receipt.getByRole('button', { name: 'Confirm Receipt' }).click();
      await seeText(bp, 'Transaction completed successfully!');

      // Both see it completed; the seller's wallet holds the price (the buyer paid price + fee).
      await statusIs(bp, 'COMPLETED');
      await flow(bp).getByText('Transaction Completed').waitFor();
      await statusIs(sp, 'COMPLETED');
      await flow(sp).getByText('Transaction Completed').waitFor();
      await sp.goto(`${server.url}/app/wallet`);
      await sp.locator('[data-testid="wallet-balance"]', { hasText: '₦50,000.00' }).waitFor();
      await bp.goto(`${server.url}/app/wallet`);
      await bp.locator('[data-testid="wallet-balance"]', { hasText: '₦8,750.00' }).waitFor();
    } finally {
      await sellerBrowser.dispose();
      await buyerBrowser.dispose();
    }
  });

  it('either party can cancel before payment, and the other sees it live', async () => {
    // Set-up through the API: this journey is about cancelling.
    const { seller, buyer, created } = await joinedListing(
      server,
      { seller: 'Tunde', buyer: 'Ngozi' },
      { description: 'Used office chair', price: 15000, itemCategory: 'Home & Garden' },
    );
    const detailsUrl = `${server.url}/app/transactions/${created.transaction.id}`;

    const sellerBrowser = await personBrowser(server);
    const buyerBrowser = await personBrowser(server);
    try {
      const sp = await sellerBrowser.newPage();
      await signIn(sp, server, seller);
      await sp.goto(detailsUrl);
      await statusIs(sp, 'ACTIVE');
      await flow(sp).getByText('Waiting for buyer to make payment...').waitFor();
      await sp.locator('[data-connection-state="connected"]').first().waitFor();

      const bp = await buyerBrowser.newPage();
      await signIn(bp, server, buyer);
      await bp.goto(detailsUrl);
      await flow(bp).getByRole('button', { name: 'Proceed with Payment' }).waitFor();
      // On a 360 px phone the details fit the screen: the tab strip scrolls instead of widening the page.
      await bp.setViewportSize({ width: 360, height: 740 });
      await bp.waitForFunction(() => document.documentElement.scrollWidth <= 360, undefined, {
        timeout: 5_000,
      });
      await bp.setViewportSize({ width: 1280, height: 800 });
      await flow(bp).getByRole('button', { name: 'Cancel transaction' }).click();
      const dialog = bp.getByRole('dialog', { name: 'Cancel Transaction' });
      await dialog.getByLabel('Reason (optional)').fill('Found one closer to home');
      await dialog.getByRole('button', { name: 'Cancel Transaction' }).click();
      await seeText(bp, 'Transaction cancelled');
      await statusIs(bp, 'CANCELLED');
      expect(await flow(bp).getByRole('button', { name: 'Proceed with Payment' }).count()).toBe(0);

      await statusIs(sp, 'CANCELLED');
      await seeText(sp, 'Transaction status updated to: cancelled');
      await flow(sp).getByText('Reason: Found one closer to home').waitFor();
      expect(await sp.getByRole('link', { name: 'Raise Dispute' }).count()).toBe(0);
      expect(await flow(sp).getByRole('button', { name: 'Cancel transaction' }).count()).toBe(0);
    } finally {
      await sellerBrowser.dispose();
      await buyerBrowser.dispose();
    }
  });

  it('a signed-out invitee signs up, signs in, lands back on the invitation and joins', async () => {
    const seller = await createAccount(server, 'Kemi', 'Seller');
    const created = await sellerCreates(server, await tokenFor(server, seller), {
      description: 'Hand-woven aso-oke set',
      price: 42000,
      itemCategory: 'Fashion & Accessories',
    });
    const invitation = `${server.url}/app/join-transaction/${created.invitation.code}`;
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await page.goto(invitation);
      await page.waitForURL(`${server.url}/login`);
      await page.getByRole('link', { name: 'Sign up now' }).click();
      await page.waitForURL(`${server.url}/signup`);
      const email = `e2e-invitee-${Date.now()}@example.com`;
      await page.getByLabel('First name').fill('Emeka');
      await page.getByLabel('Last name').fill('Invitee');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('correct-horse-9');
      await page.getByLabel('Confirm password', { exact: true }).fill('correct-horse-9');
      await page.getByRole('checkbox', { name: 'I have read and accept the Privacy Policy' }).check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(`${server.url}/login`);
      await signInOnForm(page, {
        email,
        password: 'correct-horse-9',
        firstName: 'Emeka',
        lastName: 'Invitee',
      });

      // Back on the invitation, not the dashboard.
      await page.waitForURL(invitation);
      await page.getByText('Hand-woven aso-oke set').first().waitFor();
      await page.getByRole('button', { name: 'Join Transaction' }).click();
      await page.waitForURL(`${server.url}/app/transactions/${created.transaction.id}`);
      await statusIs(page, 'ACTIVE');
    } finally {
      await browser.dispose();
    }
  });

  it('the buyer schedules a time-based release in the UI; when it falls due both sides see the release live', async () => {
    // Set-up through the API, up to the shipment: this journey is about the scheduled release.
    const { seller, buyer, sellerToken, buyerToken, created } = await joinedListing(
      server,
      { seller: 'Femi', buyer: 'Amaka' },
      { description: 'Solar lantern', price: 20000, itemCategory: 'Electronics' },
    );
    const id = created.transaction.id;
    await apiAs(server, buyerToken, 'POST', '/wallet/deposit', { amount: created.transaction.total });
    await apiAs(server, buyerToken, 'PUT', `/transactions/${id}/confirm-payment`, {
      paymentMethod: 'WALLET',
    });
    const form = new FormData();
    form.append('purpose', 'shipment_photo');
    form.append('transactionId', id);
    form.append('file', new Blob([readFileSync(writeTinyPng())], { type: 'image/png' }), 'parcel.png');
    const uploaded = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sellerToken}` },
      body: form,
    });
    const photo = ((await uploaded.json()) as { data: { upload: { id: string } } }).data.upload.id;
    await apiAs(server, sellerToken, 'PUT', `/transactions/${id}/shipping-details`, {
      shipmentData: {
        photos: [photo],
        estimatedDelivery: lagosDatePlus(1),
        itemCondition: 'GOOD',
        packagingDetails: 'Boxed',
      },
    });

    const sellerBrowser = await personBrowser(server);
    const buyerBrowser = await personBrowser(server);
    try {
      const detailsUrl = `${server.url}/app/transactions/${id}`;
      const sp = await sellerBrowser.newPage();
      await signIn(sp, server, seller);
      await sp.goto(detailsUrl);
      await statusIs(sp, 'WAITING_FOR_BUYER_CONFIRMATION');
      await sp.locator('[data-connection-state="connected"]').first().waitFor();

      const bp = await buyerBrowser.newPage();
      await signIn(bp, server, buyer);
      await bp.goto(detailsUrl);
      await statusIs(bp, 'WAITING_FOR_BUYER_CONFIRMATION');
      await bp.getByRole('tab', { name: 'Payment' }).click();
      // Tomorrow at this time in Lagos (the form reads WAT, UTC+1, whatever the browser's zone), typed as
      // people in Nigeria write dates (dd/mm/yyyy) and a 24-hour time.
      const lagosTimeNow = new Date(Date.now() + 3_600_000).toISOString().slice(11, 16);
      await bp.getByLabel('Release payment automatically on (dd/mm/yyyy)').fill(lagosDisplayDatePlus(1));
      await bp.getByLabel('At (time, WAT)').fill(lagosTimeNow);
      await bp.getByRole('button', { name: 'Set Time Release' }).click();
      await seeText(bp, 'Time-based release scheduled');

      // Nothing happens before the date.
      expect(await runDueJobs(server.app.deps)).toMatchObject({ released: 0 });
      // Two days later the scheduler's pass releases the escrow, and both screens follow live.
      server.app.deps.clock.now = () => new Date(Date.now() + 2 * 86_400_000);
      expect(await runDueJobs(server.app.deps)).toMatchObject({ released: 1 });
      await statusIs(sp, 'COMPLETED');
      await bp.getByRole('tab', { name: 'Overview' }).click();
      await statusIs(bp, 'COMPLETED');
      await seeText(sp, 'Transaction status updated to: completed');
      const wallet = await apiAs<{ wallet: { balance: number } }>(server, sellerToken, 'GET', '/wallet');
      expect(wallet.wallet.balance).toBe(20000);
    } finally {
      server.app.deps.clock.now = () => new Date();
      await sellerBrowser.dispose();
      await buyerBrowser.dispose();
    }
  });
});
