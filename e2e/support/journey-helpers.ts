import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, type TestServer } from './harness.ts';

export type Account = { email: string; password: string; firstName: string; lastName: string };

/** A new account created through the API (sign-up does not sign in, as in the app). */
export async function createAccount(
  server: TestServer,
  firstName: string,
  lastName: string,
): Promise<Account> {
  const email = `e2e-${firstName.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const account = { email, password: 'correct-horse-9', firstName, lastName };
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, acceptPrivacyNotice: true }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  return account;
}

/** Calls the API as `account` (for set-up steps that are not what the test is about). */
export async function apiAs<T>(
  server: TestServer,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { success: boolean; data: T; error?: string };
  if (!payload.success) throw new Error(`${method} ${url} failed: ${response.status} ${payload.error}`);
  return payload.data;
}

export type CreatedTransaction = {
  transaction: { id: string; total: number };
  invitation: { code: string };
};

/** A seller's listing created through the API (set-up for journeys that are about a later step). */
export async function sellerCreates(
  server: TestServer,
  sellerToken: string,
  item: { description: string; price: number; itemCategory: string; useCourier?: boolean },
): Promise<CreatedTransaction> {
  return apiAs<CreatedTransaction>(server, sellerToken, 'POST', '/transactions/create', {
    creatorRole: 'SELLER',
    useCourier: item.useCourier ?? false,
    description: item.description,
    price: item.price,
    itemType: 'Physical Product',
    itemCategory: item.itemCategory,
    itemCondition: 'Brand New',
  });
}

/** Two new accounts, a seller's listing and the buyer joined to it, all through the API. */
export async function joinedListing(
  server: TestServer,
  names: { seller: string; buyer: string },
  item: Parameters<typeof sellerCreates>[2],
) {
  const seller = await createAccount(server, names.seller, 'Seller');
  const buyer = await createAccount(server, names.buyer, 'Buyer');
  const sellerToken = await tokenFor(server, seller);
  const buyerToken = await tokenFor(server, buyer);
  const created = await sellerCreates(server, sellerToken, item);
  await apiAs(server, buyerToken, 'POST', '/transactions/join', { inviteCode: created.invitation.code });
  return { seller, buyer, sellerToken, buyerToken, created };
}

export async function tokenFor(server: TestServer, account: Account): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const { data } = (await response.json()) as { data: { token: string } };
  return data.token;
}

/** Fills the real sign-in form on the page the browser is on (after the guard sent it to /login). */
export async function signInOnForm(page: Page, account: Account) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through /login and waits for the dashboard. */
export async function signIn(page: Page, server: TestServer, account: Account) {
  await page.goto(`${server.url}/login`);
  await signInOnForm(page, account);
  await page.waitForURL('**/app/dashboard');
}

/** New accounts see the onboarding tour on the dashboard; the journeys skip it. */
export async function skipTour(page: Page) {
  const tour = page.getByRole('dialog', { name: /Welcome to/ });
  await tour.waitFor();
  await tour.getByRole('button', { name: 'Skip' }).click();
  await tour.waitFor({ state: 'hidden' });
}

/**
 * The create wizard as a seller, through the first three steps to the item details (type, category and
 * condition chosen): the caller goes on from the item step's other fields and its Continue.
 */
export async function sellerWizardToItemDetails(
  page: Page,
  server: TestServer,
  item: {
    delivery: 'Local pickup or delivery' | 'I need shipping services';
    description: string;
    condition: string;
  },
) {
  await page.goto(`${server.url}/app/create-transaction`);
  await page.getByText('I want to sell something').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText(item.delivery).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Description').fill(item.description);
  await page.getByLabel('Price').fill('30000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Item type *').selectOption('Physical Product');
  await page.getByLabel('Category *').selectOption('Electronics');
  await page.getByLabel('Condition *').selectOption(item.condition);
}

/**
 * A browser for one person, with clipboard access so Copy can be exercised, install prompt dismissed
 * (`viewport`: a phone's screen, say; the desktop default otherwise).
 */
export async function personBrowser(
  server: TestServer,
  options: Parameters<typeof launchBrowser>[0] = {},
): Promise<BrowserContext & { dispose: () => Promise<void> }> {
  const browser = await launchBrowser(options);
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // Chromium offers installation of the PWA; these people already said "Not now" (it covers the corner).
  await browser.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
  return browser;
}

/** A real 1×1 PNG on disk, for the shipment photo upload. */
export function writeTinyPng(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'escrow-photo-'));
  const file = path.join(dir, 'parcel.png');
  writeFileSync(
    file,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  return file;
}

/** YYYY-MM-DD, `days` after today in Lagos (the server's "today" for delivery dates). */
export function lagosDatePlus(days: number): string {
  return new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same day as the app's date fields take it: dd/mm/yyyy (en-NG). */
export function lagosDisplayDatePlus(days: number): string {
  const [year, month, day] = lagosDatePlus(days).split('-');
  return `${day}/${month}/${year}`;
}

/** Waits until a toast (or any text) with exactly this content is on the page. */
export async function seeText(page: Page, text: string, timeout = 15_000) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` holds the focus, as a keyboard user would, and
 * fails after `max` presses: a control that Tab cannot reach fails the test.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}) {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}
