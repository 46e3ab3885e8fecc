import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const PASSWORD = 'correct-horse-9';

/** An account made through the API, for journeys that are not about sign-up. */
async function createAccount(firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      firstName,
      lastName: 'Tester',
      acceptPrivacyNotice: true,
    }),
  });
  expect(response.status).toBe(201);
  return email;
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

describe('accounts in the browser', () => {
  it('signs up, signs in to the shell, and logs out through the confirmation dialog', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const email = uniqueEmail('journey');
      await page.goto(`${server.url}/signup`);
      await page.getByLabel('First name').fill('Ngozi');
      await page.getByLabel('Last name').fill('Adeyemi');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
      // The Privacy Policy must be accepted; its link opens the notice, with its version, in a new tab.
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Please accept the Privacy Policy to create an account').waitFor();
      expect(page.url()).toBe(`${server.url}/signup`);
      const [notice] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: 'Privacy Policy' }).click(),
      ]);
      await notice.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      await notice.getByText(/^Version 1\.0 — effective /).waitFor();
      await notice.close();
      const consent = page.getByRole('checkbox', { name: 'I have read and accept the Privacy Policy' });
      await consent.focus();
      await page.keyboard.press('Space');
      expect(await consent.isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Create account' }).click();

      await page.waitForURL(`${server.url}/login`);
      await page.getByText('Account created successfully! Please login to continue.').waitFor();
      expect(await storedToken(page)).toBeNull();

      await signIn(page, email);
      await page.waitForURL(`${server.url}/app/dashboard`);
      await page.getByText('Successfully signed in!').waitFor();
      expect(await storedToken(page)).toBeTruthy();
      const accountMenu = page.getByRole('button', { name: 'Account menu for Ngozi' });
      await accountMenu.waitFor();
      expect(await accountMenu.innerText()).toContain('Ngozi');

      await accountMenu.click();
      const menu = page.getByRole('menu');
      await menu.getByText(email).waitFor();
      await menu.getByText(/^Member since \w+ \d{4}$/).waitFor();
      await menu.getByRole('menuitem', { name: 'Log out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(
        "Are you sure you want to log out? You'll need to sign in again to access your account.",
      );

      // Cancel keeps the session and leaves the page usable.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${server.url}/app/dashboard`);
      expect(await storedToken(page)).toBeTruthy();
      await page.getByRole('button', { name: 'Help' }).click();
      await page.getByRole('region', { name: 'AI Assistant' }).waitFor();
      await page.getByRole('button', { name: 'Close AI Assistant' }).click();

      await accountMenu.click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await dialog.getByRole('button', { name: 'Logout' }).click();

      await page.waitForURL(`${server.url}/login`);
      expect(await storedToken(page)).toBeNull();
      // The session is gone on the server too: the protected area sends us back to sign-in.
      await page.goto(`${server.url}/app/dashboard`);
      await page.waitForURL(`${server.url}/login`);
    } finally {
      await browser.dispose();
    }
  });

  it('sends a signed-out visitor of a protected page to sign-in, then back to that page', async () => {
    const email = await createAccount('Musa');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/app/wallet`);
      await page.waitForURL(`${server.url}/login`);
      await signIn(page, email);
      await page.waitForURL(`${server.url}/app/wallet`);
      await page.getByRole('button', { name: 'Account menu for Musa' }).waitFor();
    } finally {
      await browser.dispose();
    }
  });

  it("shows 'Oops! Page not found' for an unknown address", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/this/does/not/exist`);
      await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    } finally {
      await browser.dispose();
    }
  });

  it('uses the bottom navigation under 768 px and the side navigation on a desktop', async () => {
    const email = await createAccount('Tolu');
    const browser = await launchBrowser({ viewport: { width: 375, height: 800 } });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/login`);
      await signIn(page, email);
      await page.waitForURL(`${server.url}/app/dashboard`);
      const bottomNav = page.getByRole('navigation', { name: 'Bottom navigation' });
      const sideNav = page.getByRole('navigation', { name: 'Main navigation' });
      await bottomNav.waitFor();
      await sideNav.waitFor({ state: 'hidden' });
      // One row of five: four links and More (the rest of the items are in the More sheet).
      const tops = await bottomNav
        .locator('a, button')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(tops).toHaveLength(5);
      expect(new Set(tops).size).toBe(1);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await page.setViewportSize({ width: 1280, height: 800 });
      await sideNav.waitFor();
      await bottomNav.waitFor({ state: 'hidden' });
      expect(await sideNav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
        'page',
      );
    } finally {
      await browser.dispose();
    }
  });
});
