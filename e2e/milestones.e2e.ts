import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  personBrowser,
  seeText,
  signIn,
  tokenFor,
  type Account,
} from './support/journey-helpers.ts';

/**
 * A milestone trade (docs/money.md "Milestones") on a phone, in two browsers: the seller creates a split-fee
 * trade of ₦10,001.00 in three milestones (₦3,000.00 + ₦3,000.50 + ₦4,000.50), the buyer joins seeing them
 * and pays once, then each milestone is delivered by the seller and accepted by the buyer, its part released
 * at once (the seller's half of the fee taken pro rata): ₦2,962.51, ₦2,963.00 and ₦3,950.48, ₦9,875.99 in
 * all. axe-core checks the new screens (wizard milestone step, join page, milestone timeline).
 */
const PHONE = { viewport: { width: 390, height: 844 } };
const JOURNEY_MS = 240_000;

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

const MILESTONES = [
  { title: 'Foundation', amount: '3000' },
  { title: 'Walls and roof', amount: '3000.50' },
  { title: 'Finishing', amount: '4000.50' },
];

const statusIs = (page: Page, status: string) =>
  page.locator(`[data-testid="status-flow"] [data-status="${status}"]`).waitFor({ timeout: 15_000 });
const milestone = (page: Page, n: number) => page.getByTestId(`milestone-${n}`);
const milestoneIs = (page: Page, n: number, status: string) =>
  milestone(page, n).locator(`[data-status="${status}"]`).waitFor({ timeout: 15_000 });
const walletShows = (page: Page, amount: string) =>
  page.locator('[data-testid="wallet-balance"]', { hasText: amount }).waitFor({ timeout: 15_000 });

/** A new account that has seen the onboarding tour (it is checked by its own tests). */
async function person(firstName: string, lastName: string): Promise<{ account: Account; token: string }> {
  const account = await createAccount(server, firstName, lastName);
  const token = await tokenFor(server, account);
  await apiAs(server, token, 'PUT', '/auth/me', { onboardingCompleted: true });
  return { account, token };
}

/** The seller's wizard with the milestones typed (axe on that step), up to the share link. */
async function sellerCreates(page: Page, axe: Record<string, string[]>): Promise<string> {
  await page.goto(`${server.url}/app/create-transaction`);
  await page.getByText('I want to sell something').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Local pickup or delivery').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Description').fill('Two-room extension');
  await page.getByLabel('Price').fill('10001');
  await page.locator('label', { hasText: 'Split 50/50' }).click();
  await page.getByRole('checkbox', { name: /Pay in milestones/ }).check();
  await page.getByRole('button', { name: 'Add milestone' }).click();
  for (const [index, m] of MILESTONES.entries()) {
    await page.getByLabel(`Title of milestone ${index + 1}`).fill(m.title);
    await page.getByLabel(`Amount of milestone ${index + 1}`).fill(m.amount);
  }
  await page
    .getByTestId('milestone-allocation')
    .getByText('₦10,001.00 of ₦10,001.00 allocated · ₦0.00 left')
    .waitFor();
  axe['wizard milestone step'] = await axeFindings(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Item type *').selectOption('Service');
  await page.getByLabel('Category *').selectOption('Home & Garden');
  await page.getByLabel('Condition *').selectOption('Brand New');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await page.getByTestId('wizard-review-milestones').getByRole('listitem').allTextContents()).toEqual([
    'Foundation · ₦3,000.00',
    'Walls and roof · ₦3,000.50',
    'Finishing · ₦4,000.50',
  ]);
  await page.getByRole('button', { name: 'Create Transaction' }).click();
  await seeText(page, 'Transaction created successfully! Share the link with your counterparty.');
  return page.getByLabel('Share link').inputValue();
}

/** The seller marks milestone `n` delivered with a note; the buyer sees it live. */
async function sellerDelivers(sp: Page, bp: Page, n: number) {
  await milestone(sp, n).getByRole('button', { name: 'Mark delivered' }).click();
  const dialog = sp.getByRole('dialog', { name: 'Mark delivered' });
  await dialog.getByLabel('Delivery note').fill(`Milestone ${n} done, come and see`);
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await seeText(sp, 'Milestone marked as delivered');
  await milestoneIs(sp, n, 'DELIVERED');
  await milestoneIs(bp, n, 'DELIVERED');
}

/** The buyer accepts milestone `n`, the dialog naming what the seller receives for it. */
async function buyerAccepts(bp: Page, n: number, sellerGets: string) {
  await milestone(bp, n).getByText(`Milestone ${n} done, come and see`).waitFor();
  await milestone(bp, n).getByRole('button', { name: 'Accept and release' }).click();
  const dialog = bp.getByRole('dialog', { name: 'Accept and release' });
  await dialog.getByText(`releases ${sellerGets} to the seller`).waitFor();
  await dialog.getByRole('button', { name: 'Accept and release' }).click();
  await seeText(bp, 'Milestone accepted and paid');
  await milestoneIs(bp, n, 'RELEASED');
}

describe('a milestone trade on a phone', () => {
  it(
    'split fee, three milestones delivered and accepted one by one: each release exact to the kobo',
    async () => {
      const seller = await person('Bayo', 'Builder');
      const buyer = await person('Ngozi', 'Owner');
      await apiAs(server, buyer.token, 'POST', '/wallet/deposit', { amount: 11_000 });
      const axe: Record<string, string[]> = {};
      const sellerBrowser = await personBrowser(server, PHONE);
      const buyerBrowser = await personBrowser(server, PHONE);
      try {
        const sp = await sellerBrowser.newPage();
        await signIn(sp, server, seller.account);
        const link = await sellerCreates(sp, axe);
        await sp.getByRole('link', { name: 'View Transaction' }).click();
        await statusIs(sp, 'PENDING');
        const detailsUrl = sp.url();

        // The buyer sees the milestones and what they pay before joining.
        const bp = await buyerBrowser.newPage();
        await signIn(bp, server, buyer.account);
        await bp.goto(link);
        const terms = bp.getByTestId('join-milestones');
        await terms.waitFor();
        expect(await terms.getByRole('listitem').allTextContents()).toEqual([
          '1. Foundation₦3,000.00',
          '2. Walls and roof₦3,000.50',
          '3. Finishing₦4,000.50',
        ]);
        expect(await bp.getByTestId('join-terms').textContent()).toBe(
          'By joining, you agree to pay ₦10,126.02 into escrow.',
        );
        axe['join page'] = await axeFindings(bp);
        await bp.getByRole('button', { name: 'Join Transaction' }).click();
        await seeText(bp, 'Successfully joined the transaction!');
        await statusIs(bp, 'ACTIVE');

        // Paid once, in full: the trade is in progress until every milestone ends.
        await bp.getByTestId('status-flow').getByRole('button', { name: 'Proceed with Payment' }).click();
        const payment = bp.getByRole('dialog', { name: 'Confirm Payment' });
        expect(await payment.getByTestId('payment-total').textContent()).toBe('₦10,126.02');
        await payment.getByRole('button', { name: 'Confirm Payment' }).click();
        await seeText(bp, 'Payment confirmed successfully!');
        await statusIs(bp, 'IN_PROGRESS');
        await statusIs(sp, 'IN_PROGRESS');

        await sellerDelivers(sp, bp, 1);
        axe['milestone timeline'] = await axeFindings(bp);
        await buyerAccepts(bp, 1, '₦2,962.51');
        await milestoneIs(sp, 1, 'RELEASED');
        await sp.goto(`${server.url}/app/wallet`);
        await walletShows(sp, '₦2,962.51');
        await sp.goto(detailsUrl);

        await sellerDelivers(sp, bp, 2);
        await buyerAccepts(bp, 2, '₦2,963.00');
        await sellerDelivers(sp, bp, 3);
        await buyerAccepts(bp, 3, '₦3,950.48');

        for (const page of [bp, sp]) {
          await statusIs(page, 'COMPLETED');
          await page.getByTestId('status-flow').getByText('Transaction Completed').waitFor();
        }
        await sp.goto(`${server.url}/app/wallet`);
        await walletShows(sp, '₦9,875.99');
        expect(axe).toEqual({ 'wizard milestone step': [], 'join page': [], 'milestone timeline': [] });
      } finally {
        await sellerBrowser.dispose();
        await buyerBrowser.dispose();
      }
    },
    JOURNEY_MS,
  );
});
