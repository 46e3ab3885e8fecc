import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_TEXT } from '../packages/shared/src/schemas/handover.ts';
import { axeFindings } from './support/axe.ts';
import { startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  lagosDisplayDatePlus,
  personBrowser,
  seeText,
  signIn,
  tokenFor,
  writeTinyPng,
  type Account,
} from './support/journey-helpers.ts';

/**
 * Two trade types, on a phone, in two browsers: who pays the fee (here split 50/50) and
 * the in-person handover ('Meet and inspect', released by the buyer's code). axe-core checks each new
 * screen (wizard delivery and fee steps, join page, code card, code entry).
 */
const PHONE = { viewport: { width: 390, height: 844 } };
const JOURNEY_MS = 180_000;

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

const statusIs = (page: Page, status: string) =>
  page.locator(`[data-testid="status-flow"] [data-status="${status}"]`).waitFor({ timeout: 15_000 });
const flow = (page: Page) => page.getByTestId('status-flow');
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

/** A new account that has seen the onboarding tour (it is checked by its own tests). */
async function person(firstName: string, lastName: string): Promise<{ account: Account; token: string }> {
  const account = await createAccount(server, firstName, lastName);
  const token = await tokenFor(server, account);
  await apiAs(server, token, 'PUT', '/auth/me', { onboardingCompleted: true });
  return { account, token };
}

/**
 * The seller's wizard up to the share link, with the delivery option and fee payer given; axe-core runs
 * on the delivery and fee steps when `axe` collects findings.
 */
async function sellerCreates(
  page: Page,
  item: { delivery: string; payer: string; description: string; price: string },
  axe?: Record<string, string[]>,
): Promise<string> {
  await page.goto(`${server.url}/app/create-transaction`);
  await page.getByText('I want to sell something').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Meet, check the item, then release the money with a code').waitFor();
  if (axe) axe['wizard delivery step'] = await axeFindings(page);
  await page.getByText(item.delivery).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Description').fill(item.description);
  await page.getByLabel('Price').fill(item.price);
  await page.locator('label', { hasText: item.payer }).click();
  if (axe) axe['wizard fee step'] = await axeFindings(page);
  return finishWizard(page);
}

async function finishWizard(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Item type *').selectOption('Physical Product');
  await page.getByLabel('Category *').selectOption('Electronics');
  await page.getByLabel('Condition *').selectOption('Good');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('wizard-review').waitFor();
  await page.getByRole('button', { name: 'Create Transaction' }).click();
  await seeText(page, 'Transaction created successfully! Share the link with your counterparty.');
  return page.getByLabel('Share link').inputValue();
}

/** The buyer pays from the wallet in the Confirm Payment dialog (the deposit was made beforehand). */
async function buyerPays(page: Page, button: string, expectedTotal: string) {
  await flow(page).getByRole('button', { name: button }).click();
  const payment = page.getByRole('dialog', { name: 'Confirm Payment' });
  expect(await payment.getByTestId('payment-total').textContent()).toBe(expectedTotal);
  await payment.getByRole('button', { name: 'Confirm Payment' }).click();
  await seeText(page, 'Payment confirmed successfully!');
}

const walletShows = (page: Page, amount: string) =>
  page.locator('[data-testid="wallet-balance"]', { hasText: amount }).waitFor({ timeout: 15_000 });

describe('trade types on a phone', () => {
  it(
    'a split-fee trade: each side sees and gets its share of the fee',
    async () => {
      // ₦10,001.00 → fee ₦250.03; split: the buyer pays ⌈25,003/2⌉ = 12,502 kobo of it, the seller 12,501.
      const seller = await person('Tobi', 'Seller');
      const buyer = await person('Ifeoma', 'Buyer');
      await apiAs(server, buyer.token, 'POST', '/wallet/deposit', { amount: 11_000 });
      const axe: Record<string, string[]> = {};
      const sellerBrowser = await personBrowser(server, PHONE);
      const buyerBrowser = await personBrowser(server, PHONE);
      try {
        const sp = await sellerBrowser.newPage();
        await signIn(sp, server, seller.account);
        const link = await sellerCreates(
          sp,
          {
            delivery: 'Local pickup or delivery',
            payer: 'Split 50/50',
            description: 'Bluetooth speaker',
            price: '10001',
          },
          axe,
        );
        await sp.getByRole('link', { name: 'View Transaction' }).click();
        await statusIs(sp, 'PENDING');

        // The buyer sees who pays the fee and what they will pay before joining.
        const bp = await buyerBrowser.newPage();
        await signIn(bp, server, buyer.account);
        await bp.goto(link);
        await bp.getByTestId('join-terms').waitFor();
        expect(await text(bp, 'join-terms')).toBe('By joining, you agree to pay ₦10,126.02 into escrow.');
        await bp.getByText('Split 50/50').waitFor();
        axe['join page'] = await axeFindings(bp);
        await bp.getByRole('button', { name: 'Join Transaction' }).click();
        await seeText(bp, 'Successfully joined the transaction!');
        await statusIs(bp, 'ACTIVE');

        await buyerPays(bp, 'Proceed with Payment', '₦10,126.02');
        await statusIs(bp, 'WAITING_FOR_SHIPMENT');

        // The seller ships (no courier: tracking is optional).
        await flow(sp).getByRole('button', { name: 'Confirm Shipment' }).click();
        const shipment = sp.getByRole('dialog', { name: 'Confirm Shipment' });
        await shipment.locator('#shipment-photos').setInputFiles(writeTinyPng());
        await shipment.getByText('Uploaded').waitFor();
        await shipment.getByLabel(/Estimated delivery date/).fill(lagosDisplayDatePlus(1));
        await shipment.getByRole('button', { name: 'Confirm Shipment' }).click();
        await seeText(sp, 'Shipment confirmed successfully!');

        // The buyer confirms receipt: the dialog names what the seller receives.
        await flow(bp).getByRole('button', { name: 'Confirm Receipt' }).click();
        const receipt = bp.getByRole('dialog', { name: 'Confirm Receipt of Goods' });
        await receipt
          .getByText('Confirming releases ₦9,875.99 to the seller. This cannot be undone.')
          .waitFor();
        for (const box of await receipt.getByRole('checkbox').all()) await box.check();
        await receipt.getByRole('button', { name: 'Confirm Receipt' }).click();
        await seeText(bp, 'Transaction completed successfully!');

        for (const page of [bp, sp]) {
          await statusIs(page, 'COMPLETED');
          expect(await text(page, 'summary-fee-payer')).toBe('Split 50/50');
          expect(await text(page, 'summary-total')).toBe('₦10,126.02');
          expect(await text(page, 'summary-seller-receives')).toBe('₦9,875.99');
        }
        await sp.goto(`${server.url}/app/wallet`);
        await walletShows(sp, '₦9,875.99');
        await bp.goto(`${server.url}/app/wallet`);
        await walletShows(bp, '₦873.98');
        expect(axe).toEqual({ 'wizard delivery step': [], 'wizard fee step': [], 'join page': [] });
      } finally {
        await sellerBrowser.dispose();
        await buyerBrowser.dispose();
      }
    },
    JOURNEY_MS,
  );

  it(
    'an in-person trade: the buyer’s code, a wrong code, then the right one releases the money',
    async () => {
      const seller = await person('Musa', 'Seller');
      const buyer = await person('Chidi', 'Buyer');
      await apiAs(server, buyer.token, 'POST', '/wallet/deposit', { amount: 30_000 });
      const axe: Record<string, string[]> = {};
      const sellerBrowser = await personBrowser(server, PHONE);
      const buyerBrowser = await personBrowser(server, PHONE);
      try {
        const sp = await sellerBrowser.newPage();
        await signIn(sp, server, seller.account);
        const link = await sellerCreates(sp, {
          delivery: 'Meet, check the item, then release the money with a code',
          payer: 'Buyer pays the fee',
          description: 'Used PlayStation 5',
          price: '25000',
        });
        await sp.getByRole('link', { name: 'View Transaction' }).click();
        await statusIs(sp, 'PENDING');

        const bp = await buyerBrowser.newPage();
        await signIn(bp, server, buyer.account);
        await bp.goto(link);
        await bp.getByText('Meet and inspect').first().waitFor();
        await bp.getByRole('button', { name: 'Join Transaction' }).click();
        await statusIs(bp, 'ACTIVE');
        await buyerPays(bp, 'Proceed with Payment', '₦25,625.00');
        await statusIs(bp, 'WAITING_FOR_HANDOVER');

        // The buyer holds the code, as digits and as a QR code; the seller never sees it.
        const card = bp.getByTestId('release-code-card');
        await card.getByText('Only share this when you are satisfied').waitFor();
        await card.getByRole('img', { name: 'QR code of your release code' }).waitFor();
        const code = (await text(bp, 'release-code')) ?? '';
        expect(code).toMatch(/^\d{6}$/);
        axe['code card'] = await axeFindings(bp);

        await statusIs(sp, 'WAITING_FOR_HANDOVER');
        const entry = sp.getByLabel('Release code');
        await entry.waitFor();
        expect(await sp.getByTestId('release-code').count()).toBe(0);
        axe['code entry'] = await axeFindings(sp);

        // A wrong code says how many tries are left; the right one releases the money at once.
        const wrong = code === '000000' ? '111111' : '000000';
        await entry.fill(wrong);
        await flow(sp).getByRole('button', { name: 'Enter Release Code' }).click();
        await flow(sp).getByText(HANDOVER_TEXT.wrongCode(4)).waitFor();
        await entry.fill(code);
        await flow(sp).getByRole('button', { name: 'Enter Release Code' }).click();
        await seeText(sp, HANDOVER_TEXT.released);

        for (const page of [sp, bp]) {
          await statusIs(page, 'COMPLETED');
          await flow(page).getByText('Transaction Completed').waitFor();
        }
        await sp.goto(`${server.url}/app/wallet`);
        await walletShows(sp, '₦25,000.00');
        expect(axe).toEqual({ 'code card': [], 'code entry': [] });
      } finally {
        await sellerBrowser.dispose();
        await buyerBrowser.dispose();
      }
    },
    JOURNEY_MS,
  );
});
