import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';
import { shippedListing, staffAccount } from './support/dispute-setup.ts';
import { apiAs, joinedListing, signIn, tokenFor } from './support/journey-helpers.ts';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on every screen built so far, on a desktop and a phone.
 * A serious or critical finding fails the test.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Finding = { id: string; impact: string | null; nodes: { target: string[] }[] };

async function findings(page: Page): Promise<string[]> {
  // Colours are read as painted: wait until opening dialogs and toasts have finished animating.
  // (Endless ones, such as a pulsing "Live" dot, are left alone.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Finding[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

let server: TestServer;
let transactionPath = '';
const account = { email: '', password: '', firstName: '', lastName: '' };

beforeAll(async () => {
  server = await startServer();
  const { seller, sellerToken, created } = await joinedListing(
    server,
    { seller: 'Ayo', buyer: 'Zainab' },
    {
      description: 'Ankara fabric, 6 yards',
      price: 18000,
      itemCategory: 'Fashion & Accessories',
      useCourier: true,
    },
  );
  Object.assign(account, seller);
  // The onboarding tour is checked by its own tests; here it would cover the dashboard.
  await apiAs(server, sellerToken, 'PUT', '/auth/me', { onboardingCompleted: true });
  transactionPath = `/app/transactions/${created.transaction.id}`;
});

afterAll(async () => {
  await server?.close();
});

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/legal/terms-of-service',
  '/no-such-page',
];
const APP_PAGES = () => [
  '/app/dashboard',
  '/app/create-transaction',
  '/app/join-transaction',
  '/app/transactions',
  transactionPath,
  '/app/wallet',
  '/app/wallet?action=withdraw',
  '/app/escrow-calculator',
  '/app/notifications',
  '/app/messages',
  `/app/messages?transactionId=${transactionPath.split('/').pop()}`,
  '/app/verification',
  '/app/profile',
];

describe.each([
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 375, height: 740 } },
])('accessibility on a $label', ({ viewport }) => {
  it('public and signed-in screens have no serious or critical axe findings', async () => {
    const browser = await launchBrowser({ viewport });
    try {
      const page = await browser.newPage();
      const report: Record<string, string[]> = {};
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${server.url}${path}`);
        await page.locator('h1').first().waitFor();
        report[path] = await findings(page);
      }
      await signIn(page, server, account);
      for (const path of APP_PAGES()) {
        await page.goto(`${server.url}${path}`);
        await page.locator('main h1').first().waitFor();
        // Let queries settle, so what is checked is the loaded screen rather than its skeleton.
        await page.waitForLoadState('networkidle');
        report[path] = await findings(page);
      }
      expect(Object.fromEntries(Object.entries(report).filter(([, found]) => found.length > 0))).toEqual({});
    } finally {
      await browser.dispose();
    }
  });
});

describe.each([
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 375, height: 740 } },
])('accessibility of the operator console on a $label', ({ viewport }) => {
  it('every console page has no serious or critical axe findings', async () => {
    const listing = await shippedListing(server, { seller: 'Axe', buyer: 'Able' }, 5000);
    const dispute = await apiAs<{ id: string }>(server, listing.buyerToken, 'POST', '/disputes', {
      transactionId: listing.id,
      disputeType: 'DELIVERY',
      reason: 'Parcel never arrived',
      description: 'Tracking has not moved for a week.',
      priority: 'MEDIUM',
    });
    const admin = await staffAccount(server, 'ADMIN', 'Audit');
    await apiAs(server, await tokenFor(server, admin), 'PUT', '/auth/me', { onboardingCompleted: true });
    const buyerId = (await apiAs<{ user: { id: string } }>(server, listing.buyerToken, 'GET', '/auth/me'))
      .user.id;
    const browser = await launchBrowser({ viewport });
    await browser.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
    try {
      const page = await browser.newPage();
      await signIn(page, server, admin);
      const report: Record<string, string[]> = {};
      for (const path of [
        '/app/admin',
        `/app/admin/disputes/${dispute.id}`,
        '/app/admin/users?q=Able',
        `/app/admin/users/${buyerId}`,
        '/app/admin/audit-log',
        '/app/admin/documents',
        '/app/admin/waitlist',
        '/app/admin/ledger',
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        report[path] = await findings(page);
      }
      expect(Object.fromEntries(Object.entries(report).filter(([, found]) => found.length > 0))).toEqual({});
    } finally {
      await browser.dispose();
    }
  });
});

describe('accessibility of steps and dialogs', () => {
  it('the create wizard at each step, the deposit dialog and the cancel dialog have no serious findings', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await signIn(page, server, account);
      const report: Record<string, string[]> = {};
      const check = async (label: string) => {
        report[label] = await findings(page);
      };

      await page.goto(`${server.url}/app/create-transaction`);
      await page.getByText('I want to sell something').waitFor();
      await check('wizard step 1');
      await page.getByText('I want to sell something').click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('I need shipping services').waitFor();
      await check('wizard step 2');
      await page.getByText('I need shipping services').click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Description').waitFor();
      await check('wizard step 3');
      await page.getByLabel('Description').fill('Leather sandals, size 43');
      await page.getByLabel('Price').fill('9500');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Item type *').waitFor();
      await check('wizard step 4');
      await page.getByLabel('Item type *').selectOption('Physical Product');
      await page.getByLabel('Category *').selectOption('Fashion & Accessories');
      await page.getByLabel('Condition *').selectOption('Brand New');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Return policy').waitFor();
      await check('wizard step 5');

      await page.goto(`${server.url}/app/wallet?action=deposit`);
      await page.getByRole('dialog', { name: 'Deposit Funds' }).waitFor();
      await check('deposit dialog');

      await page.goto(`${server.url}${transactionPath}`);
      await page.getByRole('button', { name: 'Cancel transaction' }).first().click();
      await page.getByRole('dialog', { name: 'Cancel Transaction' }).waitFor();
      await check('cancel dialog');

      expect(Object.fromEntries(Object.entries(report).filter(([, found]) => found.length > 0))).toEqual({});
    } finally {
      await browser.dispose();
    }
  });
});

describe.each([
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 375, height: 740 } },
])('accessibility of the parties\u2019 dispute screens on a $label', ({ viewport }) => {
  it('the list, the create form, a dispute and its dialogs have no serious or critical axe findings', async () => {
    const listing = await shippedListing(server, { seller: 'Dayo', buyer: 'Bimpe' }, 7000);
    const dispute = await apiAs<{ id: string }>(server, listing.buyerToken, 'POST', '/disputes', {
      transactionId: listing.id,
      disputeType: 'QUALITY',
      reason: 'Wrong colour',
      description: 'I ordered black and received blue.',
      priority: 'MEDIUM',
    });
    await apiAs(server, listing.sellerToken, 'POST', `/disputes/${dispute.id}/resolutions`, {
      resolutionType: 'MEDIATION',
      resolution: 'REFUND_PARTIAL',
      amount: 2000,
      reason: 'A discount for the colour',
    });
    await apiAs(server, listing.buyerToken, 'PUT', '/auth/me', { onboardingCompleted: true });
    const other = await shippedListing(server, { seller: 'Dayo2', buyer: 'Bimpe2' }, 3000);
    await apiAs(server, other.buyerToken, 'PUT', '/auth/me', { onboardingCompleted: true });
    const browser = await launchBrowser({ viewport });
    await browser.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
    try {
      const page = await browser.newPage();
      const report: Record<string, string[]> = {};
      await signIn(page, server, listing.buyer);
      for (const path of [
        '/app/disputes',
        `/app/transactions/${listing.id}`,
        `/app/disputes/${dispute.id}`,
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        report[path] = await findings(page);
      }
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('dialog').waitFor();
      report['accept dialog'] = await findings(page);
      await page.keyboard.press('Escape');
      await page.goto(`${server.url}/app/disputes/${dispute.id}/resolve`);
      await page.getByRole('dialog', { name: 'Propose Resolution' }).getByLabel('Partial refund').check();
      report['propose dialog'] = await findings(page);

      await page.goto(`${server.url}/app/dashboard`);
      await page.evaluate(() => localStorage.clear());
      await signIn(page, server, other.buyer);
      await page.goto(`${server.url}/app/disputes/create?transactionId=${other.id}`);
      await page.getByRole('form', { name: 'Raise a dispute' }).waitFor();
      report['create form'] = await findings(page);
      await page.goto(`${server.url}/app/disputes/create?transactionId=${listing.id}`);
      await page.getByText('This transaction cannot be disputed').waitFor();
      report['not disputable'] = await findings(page);
      expect(Object.fromEntries(Object.entries(report).filter(([, found]) => found.length > 0))).toEqual({});
    } finally {
      await browser.dispose();
    }
  });
});

describe.each([
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 375, height: 740 } },
])('accessibility of messaging and notifications on a $label', ({ viewport }) => {
  it('the Chat dialog, the search dialog, the bell dropdown and the notification settings have no serious findings', async () => {
    const sellerToken = await tokenFor(server, account);
    const transactionId = transactionPath.split('/').pop()!;
    await apiAs(server, sellerToken, 'POST', '/messages', { transactionId, content: 'Ankara is ready' });
    const browser = await launchBrowser({ viewport });
    await browser.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
    try {
      const page = await browser.newPage();
      const report: Record<string, string[]> = {};
      await signIn(page, server, account);

      await page.goto(`${server.url}${transactionPath}`);
      await page.getByRole('button', { name: 'Chat with Counterparty' }).click();
      const chat = page.getByRole('dialog', { name: /^Chat with/ });
      await chat.getByText('Ankara is ready', { exact: true }).first().waitFor();
      report['chat dialog'] = await findings(page);
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/app/messages`);
      await page.getByRole('button', { name: 'Search messages' }).click();
      const search = page.getByRole('dialog', { name: 'Search messages' });
      await search.getByRole('searchbox').fill('Ankara');
      await search.getByRole('list', { name: 'Search results' }).waitFor();
      report['search dialog'] = await findings(page);
      await page.keyboard.press('Escape');

      await page
        .getByRole('button', { name: /^Notifications/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      report['bell dropdown'] = await findings(page);
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/app/notifications`);
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('tabpanel').getByRole('switch').first().waitFor();
      report['notification settings'] = await findings(page);
      expect(Object.fromEntries(Object.entries(report).filter(([, found]) => found.length > 0))).toEqual({});
    } finally {
      await browser.dispose();
    }
  });
});
