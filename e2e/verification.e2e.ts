import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccount } from './support/dispute-setup.ts';
import { startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  personBrowser,
  seeText,
  signIn,
  tokenFor,
  writeTinyPng,
  type Account,
} from './support/journey-helpers.ts';

/**
 * Identity verification end to end on a phone: NIN then BVN with the sandbox identities raise the level,
 * the trust score and the withdrawal limit; a document submitted by the user is approved by staff in the
 * console's Documents page and the user sees it verified. axe runs on every tab and the console page.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type Finding = { id: string; impact: string | null; nodes: { target: string[] }[] };

async function axeFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
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
let user: Account;
let staff: Account;

beforeAll(async () => {
  server = await startServer();
  user = await createAccount(server, 'Ifeoma', 'Okafor');
  await apiAs(server, await tokenFor(server, user), 'PUT', '/auth/me', { onboardingCompleted: true });
  staff = await staffAccount(server, 'SUPPORT', 'Review');
  await apiAs(server, await tokenFor(server, staff), 'PUT', '/auth/me', { onboardingCompleted: true });
});
afterAll(async () => {
  await server?.close();
});

const PHONE = { width: 375, height: 740 };

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

describe('identity verification in the browser', () => {
  it('NIN then BVN raise level, trust score and withdrawal limit; staff approve a document in the console', async () => {
    const browser = await personBrowser(server);
    const axe: Record<string, string[]> = {};
    try {
      const page = await browser.newPage();
      await page.setViewportSize(PHONE);
      await signIn(page, server, user);
      await page.goto(`${server.url}/app/verification`);
      await page.getByRole('heading', { level: 1, name: 'Identity Verification' }).waitFor();
      const limit = page.getByTestId('daily-withdrawal-limit');
      await limit.waitFor();
      expect(await limit.textContent()).toContain('50,000');
      expect(await page.getByTestId('trust-score').textContent()).toBe('0');
      axe.overview = await axeFindings(page);

      await openTab(page, 'NIN Verification');
      await page.getByLabel('NIN', { exact: true }).fill('12345678901');
      await page.getByLabel('Date of birth (dd/mm/yyyy)').fill('12/04/1990');
      axe.nin = await axeFindings(page);
      await page.getByRole('button', { name: 'Verify NIN' }).click();
      await seeText(page, 'NIN verification successful');

      await openTab(page, 'BVN Verification');
      await page.getByLabel('BVN', { exact: true }).fill('18765432109');
      await page.getByLabel('Phone number').fill('08031234567');
      axe.bvn = await axeFindings(page);
      await page.getByRole('button', { name: 'Verify BVN' }).click();
      await seeText(page, 'BVN verification successful');

      await openTab(page, 'Overview');
      await page.locator('[data-testid="verification-level"][data-level="PREMIUM"]').first().waitFor();
      await page.getByTestId('trust-score').filter({ hasText: /^60$/ }).waitFor();
      expect(await limit.textContent()).toContain('5,000,000');
      await seeText(page, '*******8901');
      await seeText(page, '*******2109');

      await openTab(page, 'Documents');
      await page.getByLabel('Document type').selectOption('PASSPORT');
      await page.getByLabel('Document number').fill('A12345678');
      await page.getByLabel('Document image').setInputFiles(writeTinyPng());
      await page.getByRole('img', { name: 'Preview of the selected document' }).waitFor();
      axe.documents = await axeFindings(page);
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await seeText(page, 'Pending review');

      // Staff review it in the console (on a phone too).
      const staffBrowser = await personBrowser(server);
      try {
        const consolePage = await staffBrowser.newPage();
        await consolePage.setViewportSize(PHONE);
        await signIn(consolePage, server, staff);
        await consolePage.goto(`${server.url}/app/admin/documents`);
        await consolePage.getByRole('heading', { name: 'Documents waiting for review' }).waitFor();
        await consolePage.getByRole('img', { name: 'Passport of Ifeoma Okafor' }).waitFor();
        await consolePage.waitForLoadState('networkidle');
        axe.console = await axeFindings(consolePage);
        await consolePage.getByRole('button', { name: 'Approve Passport of Ifeoma Okafor' }).click();
        await seeText(consolePage, 'Document approved');
        await seeText(consolePage, 'No documents are waiting for review.');
      } finally {
        await staffBrowser.dispose();
      }

      await page.reload();
      await openTab(page, 'Documents');
      await seeText(page, 'Verified');
      await openTab(page, 'Overview');
      await page.getByTestId('trust-score').filter({ hasText: /^70$/ }).waitFor();
      expect(Object.fromEntries(Object.entries(axe).filter(([, found]) => found.length > 0))).toEqual({});
    } finally {
      await browser.dispose();
    }
  });
});
